import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_ANSWERS } from '../../test/support/answers';
import { copyOfData } from '../../test/support/data-dir';
import { useRoom } from '../../test/support/room';
import { jsonLdOf, pageAt, SITE_ROOM } from '../../test/support/site-room';
import type { CourseRecord } from '../catalog/course.schema';
import { DistributionService } from '../recommendations/distribution.service';
import { CompanionsService } from './companions.service';
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

describe('a course named with HTML in it', () => {
  const NAME = '<script>alert(1)</script> & "Co"';
  const DESCRIPTION = 'Ends the block </script><script>alert(2)</script><!-- here';
  const SLUG = 'answer-engine-foundations';
  const dir = copyOfData();
  const file = join(dir, 'courses.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const target = data.courses.find((c: CourseRecord) => c.slug === SLUG);
  target.name = NAME;
  target.description = DESCRIPTION;
  target.highlights = ['<img src=x onerror=alert(3)>'];
  writeFileSync(file, JSON.stringify(data));
  const room = useRoom(SITE_ROOM, { env: { DATA_DIR: dir } });

  const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;';

  it.each([
    '/ai-seo-courses',
    `/ai-seo-courses/${SLUG}`,
    `/ai-seo-courses/finder?${new URLSearchParams(SAMPLE_ANSWERS)}`,
    '/ai-seo-courses/methodology',
  ])('is escaped in the HTML and the JSON-LD of %s', async (address) => {
    await room.get(DistributionService).settled();
    const html = await pageAt(room.get, address);
    expect(html).toContain(escaped);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    // One JSON-LD element, whose text cannot end it early yet reads back exactly; the other
    // script element is the site's file.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
    const { raw, value } = jsonLdOf(html);
    expect(raw).not.toMatch(/[<>]/);
    expect(value.itemListElement.map((e: any) => e.item.name)).toContain(NAME);
  });

  it('is escaped in the Markdown companions', () => {
    const companions = room.get(CompanionsService);
    for (const text of [companions.datasetMarkdown(), companions.llmsTxt()]) {
      expect(text).toContain('\\<script\\>alert(1)\\</script\\> & "Co"');
      expect(text).not.toContain('<script>');
    }
  });

  it('stays exact in the JSON dataset', () => {
    const dataset = room.get(CompanionsService).dataset().body();
    expect(dataset.data.find((c) => c.slug === SLUG)!.name).toBe(NAME);
  });
});
