import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '/work/wt-velocidad/playwright.config';
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: chromiumLaunch.args, logLevel: 'silent' });
const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
chrome.kill();
const lhr = r!.lhr;
fs.writeFileSync(process.argv[3]!, JSON.stringify(lhr));
for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','speed-index','cumulative-layout-shift','max-potential-fid','interactive']) console.log(id, lhr.audits[id]?.numericValue, lhr.audits[id]?.score);
console.log('score', lhr.categories.performance!.score);
const lcpb = lhr.audits['largest-contentful-paint-element'] as any;
console.log(JSON.stringify(lcpb?.details?.items?.map((i:any)=>i.items ?? i), null, 0).slice(0, 1500));
for (const id of ['render-blocking-resources','render-blocking-insight','network-dependency-tree-insight','bootup-time','mainthread-work-breakdown','unused-javascript','uses-text-compression']) { const a = lhr.audits[id] as any; if (a) console.log(id, a.displayValue, JSON.stringify(a.details?.items?.slice?.(0,6))?.slice(0,800)); }
