/** A session's device as a member recognises it ("Chrome on Android"), from the browser's User-Agent (bowser, MIT). */
import { parse } from 'bowser';

export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = parse(userAgent.slice(0, 512));
  const name = [browser.name, os.name].filter(Boolean).join(' on ');
  return name || 'Unknown device';
}
