import fs from 'node:fs';
import path from 'node:path';
import type * as QRCodeModule from 'qrcode';
import type { Config } from '@server/config';
import { lazyRequire } from '@server/core/lazy/lazy-require';

// Issue 17 item 6: loaded by the first printed document, not at start-up.
const loadQRCode = lazyRequire<typeof QRCodeModule>('qrcode');

/**
 * 001 §2 "Printable document" footer: the QR code is made here (the original fetched one from an
 * outside service, 001 §7; ARCHITECTURE.md §3 forbids that) as an SVG, so it prints as vector.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await loadQRCode().toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** 001 §2: the QR code encodes the public checker's link for this Discord id. */
export function checkerLink(publicUrl: string, discordId: string): string {
  return `${publicUrl}/bureau/checker?type=discord&id=${encodeURIComponent(discordId)}`;
}

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

// A plain pen stroke, used when BUREAU_SIGNATURE_IMAGE is not set (160 x 40, 001 §9).
const DEFAULT_SIGNATURE = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><path d="M6 30 C 18 6, 26 6, 30 26 S 44 36, 52 16 S 66 4, 70 24 S 86 34, 96 18 S 112 10, 118 24 S 136 30, 154 14" fill="none" stroke="#1d2b53" stroke-width="2" stroke-linecap="round"/></svg>`;

const signatures = new Map<string, string>();

/** The signature image as a data URL: the configured file (read once), or the built-in stroke. */
export function signatureDataUrl(config: Pick<Config, 'BUREAU_SIGNATURE_IMAGE'>): string {
  const file = config.BUREAU_SIGNATURE_IMAGE;
  const key = file ?? '';
  let url = signatures.get(key);
  if (!url) {
    if (file) {
      const mime = MIME[path.extname(file).toLowerCase()];
      if (!mime) throw new Error(`BUREAU_SIGNATURE_IMAGE: ${file} is not a PNG, JPEG, WebP or SVG file`);
      url = `data:${mime};base64,${fs.readFileSync(file).toString('base64')}`;
    } else {
      url = `data:image/svg+xml;base64,${Buffer.from(DEFAULT_SIGNATURE).toString('base64')}`;
    }
    signatures.set(key, url);
  }
  return url;
}
