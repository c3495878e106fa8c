// Chilean RUT (Rol Único Tributario): body of digits and a check digit computed módulo 11.
// Dots, spaces and the dash are formatting only; 'k' and 'K' are the same check digit.

const limpiar = (v: string) => v.replace(/[.\s-]/g, '').toUpperCase();

/** The check digit of a RUT body (módulo 11 with the weights 2..7 from the right). */
export function digitoVerificador(cuerpo: string): string {
  let suma = 0;
  let peso = 2;
  for (let i = cuerpo.length - 1; i >= 0; i--) {
    suma += Number(cuerpo[i]) * peso;
    peso = peso === 7 ? 2 : peso + 1;
  }
  const resto = 11 - (suma % 11);
  return resto === 11 ? '0' : resto === 10 ? 'K' : String(resto);
}

/** A RUT of 1 to 8 digits plus its right check digit, formatted or not (12.345.678-5, 123456785). */
export function isRutValido(valor: string): boolean {
  const m = /^(\d{1,8})([\dK])$/.exec(limpiar(valor));
  return m !== null && Number(m[1]) > 0 && digitoVerificador(m[1]!) === m[2];
}

/** The usual written form, 12.345.678-5, of a valid RUT. */
export function formatRut(valor: string): string {
  const v = limpiar(valor);
  const cuerpo = v.slice(0, -1).replace(/^0+/, '');
  return `${cuerpo.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${v.slice(-1)}`;
}

export const EJEMPLO_RUT = '12.345.678-5';
