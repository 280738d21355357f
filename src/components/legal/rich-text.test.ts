import { describe, expect, it } from 'vitest';
import { escapeHtml, richText } from './rich-text.ts';

const links = { privacy: '/pages/privacy', email: 'mailto:support@example.com?subject=a&b' };

describe('richText', () => {
  it('turns link tags into links to their targets', () => {
    expect(richText('Read our <privacy>privacy policy</privacy>.', links)).toBe(
      'Read our <a href="/pages/privacy">privacy policy</a>.',
    );
  });

  it('escapes the target of a link', () => {
    expect(richText('<email>write</email>', links)).toBe(
      '<a href="mailto:support@example.com?subject=a&amp;b">write</a>',
    );
  });

  it('keeps strong and code, nested inside a link too', () => {
    expect(richText('The <code>lang</code> cookie, <privacy><strong>here</strong></privacy>', links)).toBe(
      'The <code>lang</code> cookie, <a href="/pages/privacy"><strong>here</strong></a>',
    );
  });

  it('escapes everything else, brand facts and unknown tags included', () => {
    expect(richText('Smith & Sons <script>alert(1)</script> "quoted"', links)).toBe(
      'Smith &amp; Sons &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;',
    );
  });

  it('shows a closing tag out of order as text and closes what is left open', () => {
    expect(richText('<strong>bold</privacy> end', links)).toBe('<strong>bold&lt;/privacy&gt; end</strong>');
  });

  it('leaves plain text as it is', () => {
    expect(richText('Nothing to mark up', links)).toBe('Nothing to mark up');
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that could open markup or end an attribute', () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
