import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
const relleno = Buffer.alloc(200 * 1024 * 1024, 'A');
const raw = zlib.deflateRawSync(relleno, { level: 1 });
console.log('compressed', raw.length);
// check SheetJS's CFB zip read: does it use declared size?
const CFB = (XLSX as any).CFB;
console.log(Object.keys(XLSX).filter(k=>/cfb|zip/i.test(k)));
