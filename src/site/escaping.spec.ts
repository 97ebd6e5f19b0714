import { scriptSafeJson } from './json-ld';
import { mdLink, mdText } from './markdown';

describe('scriptSafeJson', () => {
  it('cannot end a script element or open a comment, and reads back exactly', () => {
    const value = { name: '</script><!-- <script>alert(1)</script> & \u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('Markdown escaping', () => {
  it('escapes markup and raw HTML, keeps plain text readable', () => {
    expect(mdText('<b>*x*</b> [y](z) `c` # ~~s~~')).toBe(
      '\\<b\\>\\*x\\*\\</b\\> \\[y\\](z) \\`c\\` \\# \\~\\~s\\~\\~',
    );
    expect(mdText('Digital PR & Link Earning Studio')).toBe('Digital PR & Link Earning Studio');
    expect(mdText('&lt;script&gt; &#60;')).toBe('\\&lt;script\\&gt; \\&\\#60;');
    expect(mdText('two\nlines')).toBe('two lines');
  });

  it('keeps a link destination inside its angle brackets', () => {
    expect(mdLink('a', 'https://example.com/a>b c')).toBe('[a](<https://example.com/a%3Eb%20c>)');
  });
});
