import type { Brand } from '@datekit/runtime/schemas/brand';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The brand's frame around every e-mail: name in its colour, one paragraph per line, one button. */
export function renderMailHtml(
  brand: Brand,
  lang: string,
  paragraphs: string[],
  button: { label: string; url: string },
  footer: string,
  /** Further HTML after the paragraphs (already escaped), e.g. the member cards of the weekly update. */
  extraHtml = '',
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') + extraHtml;
  return `<!doctype html><html lang="${escapeHtml(lang)}"><body style="margin:0;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:${brand.theme.dark}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:24px 32px;border-bottom:4px solid ${brand.theme.primary};font-size:22px;font-weight:bold;color:${brand.theme.primary}">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.5">${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="background:${brand.theme.primary};color:#fff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="margin:0;font-size:13px;color:#666;word-break:break-all">${escapeHtml(button.url)}</p></td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#888">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}
