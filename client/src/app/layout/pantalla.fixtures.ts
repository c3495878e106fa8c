import { vi } from 'vitest';

/** window.matchMedia as a screen `ancho` px wide answers the min-width and max-width queries the layout asks. */
export function pantalla(ancho: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || ancho <= Number(max[1])) && (!min || ancho >= Number(min[1]));
    return { matches, media: query, addEventListener() {}, removeEventListener() {} };
  });
}
