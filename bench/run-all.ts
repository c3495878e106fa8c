// `npm run bench`: prints numbers; it is not a test and passes no judgement.
import { execSync } from 'node:child_process';

execSync('npm run build --silent', { stdio: 'inherit' });
await import('./start-and-catalogo');
await import('./buscar-productos');
await import('./bundle-size');
await import('./auth-hot-path');
await import('./cuentas-tiempos');
await import('./comparacion');
await import('./comparacion-10x');
await import('./ultimo-precio');
await import('./motor-peor-caso');
await import('./canasta');
await import('./ishop-u');
await import('./ordenes');
await import('./pedidos');
await import('./panel-proveedor');
await import('./reinicio-tras-kill');
await import('./carga-excel');
await import('./lighthouse');
