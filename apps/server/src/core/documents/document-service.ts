import type { ReactElement } from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type * as PlaywrightCore from 'playwright-core';
import { lazyRequire } from '../lazy/lazy-require';
import { DomainError, isDomainError } from '../errors/domain-error';
import { DOCUMENT_FONT_FAMILY, documentFontFaces } from './document-fonts';

// Issue 17 item 6: Chromium's driver (0.3-0.8 s to load) is loaded by the first print, not at start-up.
const loadPlaywright = lazyRequire<typeof PlaywrightCore>('playwright-core');
// React's server renderer is needed by the first document too.
const loadReactDomServer = lazyRequire<typeof ReactDomServer>('react-dom/server');

export interface DocumentServiceOptions {
  /** Debian's chromium by default (ARCHITECTURE.md §7); never a downloaded browser. */
  chromiumPath: string;
  /** Pages printing at once; the machine's cores are the limit that matters. */
  maxPages?: number;
  /** Issue 17 item 5: prints waiting for a page; one more is refused with `printer_busy` (503). */
  maxQueued?: number;
  /** Issue 17 item 5: a print (filling the page and making the PDF) that takes longer fails with `print_timed_out`. */
  printTimeoutMs?: number;
  /** Issue 17 item 5: Chromium is closed after this long without a print (0: kept up). */
  idleCloseMs?: number;
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
 * Chromium starts on first use and stays up while prints come; each page is loaded once with the fonts
 * and then only its body and document CSS are swapped, so a print costs a layout and a PDF, not a
 * browser start. Issue 17 item 5 (decision 0022): the queue is bounded, each print has a deadline, an
 * idle Chromium is closed and a dead one started again on the next print.
 * Shared by every tool (bureau records, the sports printed list) through AppContext.documents.
 */
export type PrintOutcome = 'printed' | 'busy' | 'timed_out' | 'error';

export class DocumentService {
  private browser: Promise<{ browser: Browser; context: BrowserContext }> | null = null;
  private readonly idle: Page[] = [];
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  /** close() calls waiting for the last print in flight (or queued) to finish. */
  private readonly draining: Array<() => void> = [];
  private closed = false;
  private readonly printListeners = new Set<(seconds: number, outcome: PrintOutcome) => void>();
  private readonly maxPages: number;
  private readonly maxQueued: number;
  private readonly printTimeoutMs: number;
  private idleTimer: NodeJS.Timeout | undefined;
  private pid: number | undefined;

  constructor(private readonly options: DocumentServiceOptions) {
    this.maxPages = options.maxPages ?? 2;
    this.maxQueued = options.maxQueued ?? 20;
    this.printTimeoutMs = options.printTimeoutMs ?? 30_000;
  }

  /** The full HTML of a document, as it is printed (tests and previews use it). */
  renderHtml(element: ReactElement, css: string, title = ''): string {
    return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${documentFontFaces()}</style><style>${baseCss()}${css}</style></head><body>${loadReactDomServer().renderToStaticMarkup(element)}</body></html>`;
  }

  /**
   * Prints one document to PDF bytes. Throws `printer_busy` when the queue is full and
   * `print_timed_out` when filling the page and printing it take longer than `printTimeoutMs` (the
   * browser start is bounded by Playwright's own launch timeout); the page is then discarded.
   */
  async printPdf(element: ReactElement, options: PrintOptions): Promise<Buffer> {
    if (this.closed) throw new Error('The document service is closed.');
    const started = performance.now();
    let outcome: PrintOutcome = 'error';
    try {
      const pdf = await this.printInSlot(element, options);
      outcome = 'printed';
      return pdf;
    } catch (error) {
      if (isDomainError(error, 'printer_busy')) outcome = 'busy';
      else if (isDomainError(error, 'print_timed_out')) outcome = 'timed_out';
      throw error;
    } finally {
      for (const listener of this.printListeners) listener((performance.now() - started) / 1000, outcome);
    }
  }

  /** Issue 12 item 5 (/metrics): prints waiting for a page, and prints on a page now. */
  get queueDepth(): { waiting: number; active: number } {
    return { waiting: this.waiting.length, active: this.busy };
  }

  /** Issue 12 item 5 (/metrics): hears each print's seconds (queue wait included) and outcome. */
  onPrint(listener: (seconds: number, outcome: PrintOutcome) => void): void {
    this.printListeners.add(listener);
  }

  private async printInSlot(element: ReactElement, options: PrintOptions): Promise<Buffer> {
    const body = loadReactDomServer().renderToStaticMarkup(element);
    await this.acquireSlot();
    let page: Page | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      page = await this.takePage();
      const printing = printOn(page, body, options);
      // Once the deadline has answered, the closed page makes this print fail; nobody waits for it.
      printing.catch(() => undefined);
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new DomainError('print_timed_out')), this.printTimeoutMs);
      });
      const pdf = await Promise.race([printing, deadline]);
      if (!this.closed && !page.isClosed()) this.idle.push(page);
      return pdf;
    } catch (error) {
      // A page that failed or ran late is closed, which also stops whatever it was still doing.
      void page?.close().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
      this.releaseSlot();
    }
  }

  /**
   * Closes Chromium (app close): new prints fail at once, prints already asked for finish first
   * (issue 10 item 13: a PDF in flight at shutdown is still answered). Safe to call twice.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    if (this.busy > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.draining.push(resolve));
    await this.closeBrowser();
  }

  /** True while Chromium runs (started on the first print, closed when idle or after a crash). */
  get started(): boolean {
    return this.browser !== null;
  }

  /** The running Chromium's process id (the bench reads its memory), if one runs. */
  get chromiumPid(): number | undefined {
    return this.browser ? this.pid : undefined;
  }

  private async closeBrowser(): Promise<void> {
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

  private launch(): Promise<{ browser: Browser; context: BrowserContext }> {
    if (!this.browser) {
      const starting = (async () => {
        // Playwright would close Chromium itself on SIGINT/SIGTERM/SIGHUP, under prints still in flight;
        // the server's shutdown closes it after the last answer instead (issue 10 item 13).
        const browser = await loadPlaywright().chromium.launch({
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
        // Its process id, for the bench (Chromium's memory) and the crash test: a launched Browser has
        // no process() in Playwright's API, Chromium's own SystemInfo names it.
        const cdp = await browser.newBrowserCDPSession();
        const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
        await cdp.detach();
        this.pid = processInfo.find((p) => p.type === 'browser')?.id;
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

  /** Waits for a free page slot; refuses at once when `maxQueued` prints already wait. */
  private async acquireSlot(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.busy >= this.maxPages) {
      if (this.waiting.length >= this.maxQueued) throw new DomainError('printer_busy');
      while (this.busy >= this.maxPages) await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.busy += 1;
  }

  private async takePage(): Promise<Page> {
    const reused = this.idle.pop();
    if (reused && !reused.isClosed()) return reused;
    const { context } = await this.launch();
    const page = await context.newPage();
    await page.setContent(SHELL.replace('<style id="fonts"></style>', `<style id="fonts">${documentFontFaces()}</style>`));
    return page;
  }

  /**
   * Lets the next queued print start; with none left, tells a waiting close() that nothing is left, or
   * arms the idle close (Chromium holds hundreds of MiB while it waits for a print that may not come).
   */
  private releaseSlot(): void {
    this.busy -= 1;
    const waiter = this.waiting.shift();
    if (waiter) return waiter();
    if (this.busy > 0) return;
    for (const resolve of this.draining.splice(0)) resolve();
    if (!this.closed && this.options.idleCloseMs) {
      this.idleTimer = setTimeout(() => void this.closeBrowser(), this.options.idleCloseMs);
      this.idleTimer.unref();
    }
  }
}

/** Swaps the document into a page that holds the fonts, waits for its images and fonts, and prints it. */
async function printOn(page: Page, body: string, options: PrintOptions): Promise<Buffer> {
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
  return page.pdf({
    format: options.format ?? 'A4',
    landscape: options.landscape ?? false,
    printBackground: true,
    preferCSSPageSize: true,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function baseCss(): string {
  return `*{box-sizing:border-box}html,body{margin:0;padding:0}body{font-family:${DOCUMENT_FONT_FAMILY};-webkit-print-color-adjust:exact;print-color-adjust:exact}`;
}
