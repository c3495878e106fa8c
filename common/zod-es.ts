import { z } from 'zod';

// Spanish messages for every zod schema, on both sides; a missing field reads as DRF says it.
z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) return 'Este campo es requerido.';
    return undefined;
  },
});

export { z };
