import { loadSharp } from '../load-sharp.js';

/** The TON Connect manifest wallets load to show who is asking: our name, address and icon. */
export function tonConnectManifest(publicUrl: string) {
  return { url: publicUrl, name: 'Stickerdrop', iconUrl: `${publicUrl}/tonconnect-icon.png` };
}

const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">
<rect width="180" height="180" rx="40" fill="#2AABEE"/>
<path d="M50 40h60l30 30v60a10 10 0 0 1-10 10H50a10 10 0 0 1-10-10V50a10 10 0 0 1 10-10z" fill="#fff"/>
<path d="M110 40v30h30z" fill="#BDE6FB"/>
<circle cx="75" cy="85" r="8" fill="#2AABEE"/><circle cx="105" cy="85" r="8" fill="#2AABEE"/>
<path d="M68 108q22 20 44 0" stroke="#2AABEE" stroke-width="7" fill="none" stroke-linecap="round"/>
</svg>`;

let icon: Promise<Buffer> | undefined;

/** A 180 px PNG, rendered once per process. */
export function tonConnectIcon(): Promise<Buffer> {
  icon ??= loadSharp()(Buffer.from(ICON_SVG)).png().toBuffer();
  return icon;
}
