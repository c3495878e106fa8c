// `npm test` needs a few things outside node_modules; say in one line how to get each one missing.
import fs from 'node:fs';

const missing = [];
if (!fs.existsSync('node_modules/.bin/vitest')) missing.push('Faltan las dependencias: ejecuta `npm ci`.');
if (!fs.existsSync('/usr/bin/chromium')) missing.push('Falta Chromium para las pruebas de extremo a extremo: instálalo con `apt-get install -y chromium`.');
for (const line of missing) console.error(line);
process.exit(missing.length ? 1 : 0);
