import { chromium } from 'playwright-core';
const browser = await chromium.launch({executablePath:'/usr/bin/chromium',headless:true,args:['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync']});
const page = await (await browser.newContext()).newPage();
await page.addInitScript(() => { window.vis = [document.visibilityState, document.readyState]; addEventListener('DOMContentLoaded', ()=> window.vis.push(document.visibilityState)); });
await page.goto('http://localhost:8099/auth/login');
await page.waitForTimeout(1000);
console.log(await page.evaluate(() => window.vis));
await browser.close();
