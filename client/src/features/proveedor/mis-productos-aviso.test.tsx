// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Onboarding, PRODUCTOS_NO_VISIBLES } from '#common/schemas/panel';
import { renderAt, stubFetch } from '../../test/page-harness';
import { panelDePrueba } from '../../test/panel';
import MisProductosPage from './mis-productos-page';
import { ofertaDePrueba } from './mis-productos.fixtures';

function abrir(onboarding: Onboarding | null) {
  stubFetch({
    'GET /api/productos/proveedoresproductos/': { status: 200, body: [ofertaDePrueba()] },
    ...(onboarding ? { 'GET /api/proveedor/panel/': { status: 200, body: panelDePrueba({ onboarding }) } } : {}),
  });
  renderAt('/mis-productos-proovedor', <MisProductosPage />);
}

const aviso = () => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === PRODUCTOS_NO_VISIBLES);
const enlaces = (el: HTMLElement) => [...el.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/mis-productos-proovedor says why its offers are not compared yet', () => {
  it('links both steps while neither the company nor the terms are saved', async () => {
    abrir({ empresa: false, condiciones: false, productos: true, visible: false });
    const p = await aviso();
    expect(p.getAttribute('role')).toBe('status');
    expect(enlaces(p)).toEqual([
      ['los datos de tu empresa', '/mi-empresa'],
      ['tus condiciones de despacho', '/mis-condiciones'],
    ]);
    expect(screen.getByText('Lomo vetado')).toBeTruthy();
  });

  it('links only what is missing', async () => {
    abrir({ empresa: true, condiciones: false, productos: true, visible: false });
    expect(enlaces(await aviso())).toEqual([['tus condiciones de despacho', '/mis-condiciones']]);
    cleanup();
    abrir({ empresa: false, condiciones: true, productos: false, visible: false });
    expect(enlaces(await aviso())).toEqual([['los datos de tu empresa', '/mi-empresa']]);
  });

  it('says nothing once both are saved, nor when its state cannot be read', async () => {
    abrir({ empresa: true, condiciones: true, productos: true, visible: true });
    await screen.findByText('Lomo vetado');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => url === '/api/proveedor/panel/')).toBe(true));
    expect(screen.queryByText(/aún no aparecen en las cotizaciones/)).toBeNull();
    cleanup();
    abrir(null);
    await screen.findByText('Lomo vetado');
    expect(screen.queryByText(/aún no aparecen en las cotizaciones/)).toBeNull();
  });
});
