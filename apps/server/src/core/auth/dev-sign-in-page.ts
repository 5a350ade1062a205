import type { DemoPerson } from '@guildhall/testkit/demo-data';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The development sign-in page: pick a demo identity. A plain form, so it works before the web app is built. */
export function renderDevSignInPage(people: DemoPerson[], returnTo: string): string {
  const options = people
    .map(
      (p) => `<li><form method="post" action="/auth/dev">
  <input type="hidden" name="identity" value="${escapeHtml(p.key)}">
  <input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
  <button type="submit"><strong>${escapeHtml(p.label)}</strong><span>${escapeHtml(p.discord.username)} · ${escapeHtml(p.description)}</span></button>
</form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · Guildhall</title>
<style>
:root{color-scheme:light dark;--bg:#f6f7f9;--fg:#1b1f24;--card:#fff;--muted:#57606a;--accent:#3b5bdb;--border:#d0d7de}
@media (prefers-color-scheme:dark){:root{--bg:#0f1216;--fg:#e6edf3;--card:#161b22;--muted:#9da7b1;--accent:#7c9cff;--border:#30363d}}
body{font:16px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg);margin:0;padding:2rem 1rem}
main{max-width:34rem;margin:auto}ul{list-style:none;padding:0;display:grid;gap:.75rem}
button{width:100%;text-align:left;display:grid;gap:.15rem;padding:.85rem 1rem;border:1px solid var(--border);border-radius:.6rem;background:var(--card);color:inherit;font:inherit;cursor:pointer}
button:hover{border-color:var(--accent)}button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
span{color:var(--muted);font-size:.9rem}.warn{border-left:4px solid #b7791f;padding:.5rem .75rem;background:var(--card)}
</style></head><body><main>
<h1>Development sign-in</h1>
<p class="warn">This server has no Discord app configured, so you can sign in as one of the demo people. This page never exists in production.</p>
<ul>
${options}
</ul></main></body></html>`;
}
