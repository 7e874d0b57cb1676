// Debian's Chromium, headless, as the benches drive it: this machine cannot download Playwright's own
// browsers, and without the background-networking flags Chromium keeps trying hosts it cannot reach.
import { chromium } from 'playwright-core';

export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
