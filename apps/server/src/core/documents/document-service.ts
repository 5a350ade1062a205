import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { DOCUMENT_FONT_FAMILY, documentFontFaces } from './document-fonts';

export interface DocumentServiceOptions {
  /** Debian's chromium by default (ARCHITECTURE.md §7); never a downloaded browser. */
  chromiumPath: string;
  /** Pages printing at once; the machine's cores are the limit that matters. */
  maxPages?: number;
}

export interface PrintOptions {
  /** The PDF's title (document metadata). */
  title: string;
  /** CSS for this document (page size, layout); fonts are already on the page. */
  css: string;
  /** Paper: 001 §9 A4 portrait by default. */
  format?: 'A4' | 'Letter';
  landscape?: boolean;
}

// The brief's launch flags: headless, no network side-channels, nothing written outside the temp profile.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SHELL = `<!doctype html><html><head><meta charset="utf-8"><style id="fonts"></style><style id="doc"></style></head><body></body></html>`;

/**
 * ARCHITECTURE.md §3 and §7: documents are React components rendered to HTML on the server and
 * printed to vector PDF (real, selectable text, embedded fonts) by ONE warm headless Chromium.
 * Chromium starts on first use and stays up; each page is loaded once with the fonts and then only
 * its body and document CSS are swapped, so a print costs a layout and a PDF, not a browser start.
 * Shared by every tool (bureau records, the sports printed list) through AppContext.documents.
 */
export class DocumentService {
  private browser: Promise<{ browser: Browser; context: BrowserContext }> | null = null;
  private readonly idle: Page[] = [];
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  /** close() calls waiting for the last print in flight (or queued) to finish. */
  private readonly draining: Array<() => void> = [];
  private closed = false;
  private readonly maxPages: number;

  constructor(private readonly options: DocumentServiceOptions) {
    this.maxPages = options.maxPages ?? 2;
  }

  /** The full HTML of a document, as it is printed (tests and previews use it). */
  renderHtml(element: ReactElement, css: string, title = ''): string {
    return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${documentFontFaces()}</style><style>${baseCss()}${css}</style></head><body>${renderToStaticMarkup(element)}</body></html>`;
  }

  /** Prints one document to PDF bytes. */
  async printPdf(element: ReactElement, options: PrintOptions): Promise<Buffer> {
    if (this.closed) throw new Error('The document service is closed.');
    const body = renderToStaticMarkup(element);
    const page = await this.acquirePage();
    let healthy = false;
    try {
      await page.evaluate(
        async ({ html, css, title }) => {
          document.title = title;
          document.getElementById('doc')!.textContent = css;
          document.body.innerHTML = html;
          // Reading a layout property makes Chromium lay the text out, which starts the font loads fonts.ready waits for.
          void document.body.offsetHeight;
          // Images are data URLs; wait for them and for any font subset this text needs.
          await Promise.all(Array.from(document.images).map((img) => (img.complete ? null : img.decode().catch(() => null))));
          await document.fonts.ready;
        },
        { html: body, css: baseCss() + options.css, title: options.title },
      );
      const pdf = await page.pdf({
        format: options.format ?? 'A4',
        landscape: options.landscape ?? false,
        printBackground: true,
        preferCSSPageSize: true,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      });
      healthy = true;
      return pdf;
    } finally {
      this.releasePage(page, healthy);
    }
  }

  /**
   * Closes Chromium (app close): new prints fail at once, prints already asked for finish first
   * (issue 10 item 13: a PDF in flight at shutdown is still answered). Safe to call twice.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.busy > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.draining.push(resolve));
    const pending = this.browser;
    this.browser = null;
    this.idle.length = 0;
    if (!pending) return;
    try {
      const { browser } = await pending;
      await browser.close();
    } catch {
      // A browser that never started or already died has nothing to close.
    }
  }

  /** True once Chromium has been started (lazily, on the first print). */
  get started(): boolean {
    return this.browser !== null;
  }

  private launch(): Promise<{ browser: Browser; context: BrowserContext }> {
    if (!this.browser) {
      const starting = (async () => {
        // Playwright would close Chromium itself on SIGINT/SIGTERM/SIGHUP, under prints still in flight;
        // the server's shutdown closes it after the last answer instead (issue 10 item 13).
        const browser = await chromium.launch({
          executablePath: this.options.chromiumPath,
          headless: true,
          args: CHROMIUM_ARGS,
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        });
        browser.on('disconnected', () => {
          // A crashed Chromium is started again on the next print instead of failing forever.
          if (this.browser === starting) {
            this.browser = null;
            this.idle.length = 0;
          }
        });
        const context = await browser.newContext({ offline: true });
        // Documents are self-contained (fonts, QR code and signature are data URLs): refuse any fetch.
        await context.route('**/*', (route) => route.abort());
        return { browser, context };
      })();
      starting.catch(() => {
        if (this.browser === starting) this.browser = null;
      });
      this.browser = starting;
    }
    return this.browser;
  }

  private async acquirePage(): Promise<Page> {
    while (this.busy >= this.maxPages) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy += 1;
    try {
      const reused = this.idle.pop();
      if (reused && !reused.isClosed()) return reused;
      const { context } = await this.launch();
      const page = await context.newPage();
      await page.setContent(SHELL.replace('<style id="fonts"></style>', `<style id="fonts">${documentFontFaces()}</style>`));
      return page;
    } catch (error) {
      this.busy -= 1;
      this.next();
      throw error;
    }
  }

  /** Lets the next queued print start, or tells a waiting close() that nothing is left. */
  private next(): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter();
    else if (this.busy === 0) for (const resolve of this.draining.splice(0)) resolve();
  }

  private releasePage(page: Page, healthy: boolean): void {
    this.busy -= 1;
    if (healthy && !this.closed && !page.isClosed()) this.idle.push(page);
    else void page.close().catch(() => undefined);
    this.next();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function baseCss(): string {
  return `*{box-sizing:border-box}html,body{margin:0;padding:0}body{font-family:${DOCUMENT_FONT_FAMILY};-webkit-print-color-adjust:exact;print-color-adjust:exact}`;
}
