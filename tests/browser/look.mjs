// Developer helper (not a test): opens the app at phone size, sets up a table by dispatch,
// and saves screenshots of each tab to CZARY_ARTIFACTS.
import { openSite, openApp, saveScreenshot, input, settle } from './harness.mjs';
const site = await openSite();
try {
  const { page, errors } = await openApp(site, process.argv[2] ?? 'phone');
  await settle(page);
  await saveScreenshot(page, 'look-party');
  const actions = JSON.parse(process.argv[3] ?? '[]');
  for (const action of actions) await page.evaluate((a) => window.czary.dispatch(a), action);
  await settle(page);
  for (const tab of ['party', 'table', 'log']) {
    const layout = await page.evaluate(() => window.czary.layout());
    const r = layout[`tab:${tab}`];
    await input(page, () => page.mouse.click(r.x + r.w / 2, r.y + r.h / 2));
    await saveScreenshot(page, `look-${tab}`);
  }
  console.log(JSON.stringify(errors));
} finally {
  await site.close();
}
