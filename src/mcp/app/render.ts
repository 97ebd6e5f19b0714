import type { Course } from '../../catalog/course.schema';
import { courseText, PLACEHOLDER_NOTICE } from '../../catalog/course-text';
import { COVERAGE_KEYS, COVERAGE_LABELS, QUESTIONS } from '../../catalog/vocabulary';
import type { Comparison } from '../../comparisons/comparisons.responses';
import type { ErrorBody, Meta } from '../../core/envelope.schema';
import type { CourseFit, Fit } from '../../recommendations/fit.responses';
import type { Recommendation } from '../../recommendations/recommendations.responses';
import type { PageMeta } from '../page-meta';

/**
 * What a tool returned, as HTML: the website's way of showing the same bodies (finder results,
 * course cards, the course page's facts), in the app's frame. Pure functions of the body; the
 * markup carries `data-*` hooks that main.ts binds to tool calls.
 */

/** A tool's REST body (`structuredContent`), whichever of the four tools sent it. */
export type ToolBody =
  | { data: Recommendation; meta: Meta }
  | { data: Comparison; meta: Meta }
  | { data: Course; meta: Meta }
  | { data: Course[]; meta: Meta };

export type View =
  | { kind: 'recommendation'; data: Recommendation; meta: Meta }
  | { kind: 'comparison'; data: Comparison; meta: Meta }
  | { kind: 'course'; data: Course; meta: Meta }
  /** `more`: main.ts can ask for the page after `page` (it knows the list's arguments). */
  | { kind: 'courses'; data: Course[]; meta: Meta; page?: PageMeta; more?: boolean }
  | { kind: 'error'; error: ErrorBody['error'] };

/** Which body this is, by its shape (the four bodies share none of these members). */
export function viewOf(body: ToolBody): View {
  const { data, meta } = body;
  if (Array.isArray(data)) return { kind: 'courses', data, meta };
  if ('results' in data) return { kind: 'recommendation', data, meta };
  if ('courses' in data) return { kind: 'comparison', data, meta };
  return { kind: 'course', data, meta };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for HTML, in content and in quoted attributes. */
export const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Only http(s) links are ever written; anything else would be a data bug, shown as text. */
const link = (href: string, text: string, attrs = '') =>
  /^https?:\/\//.test(href) ? `<a href="${esc(href)}"${attrs}>${esc(text)}</a>` : esc(text);

const fmt = courseText;

function badges(c: Course): string {
  return [
    c.editorial_pick
      ? `<span class="badge pick">${esc(c.editorial_pick.label ?? 'Editorial pick')}</span>`
      : '',
    c.enrolling ? '' : '<span class="badge inactive">Not currently enrolling</span>',
    c.placeholder_data ? '<span class="badge placeholder">Placeholder data</span>' : '',
  ].join('');
}

/** The course's page on the website and the provider's own course page. */
function courseLinks(c: Course): string {
  const provider = c.url
    ? `${link(c.url, "Provider's course page", ' rel="noopener"')}${c.link_is_affiliate ? '' : ' <small>(plain link: no commission, no tracking)</small>'}`
    : 'The provider publishes no course page.';
  return `${link(c.page_url, 'Course page')} · ${provider}`;
}

/** A course picked for comparison; main.ts reads the boxes ticked. */
const compareBox = (c: Course) =>
  `<label class="pick-compare"><input type="checkbox" data-compare="${esc(c.slug)}"> Compare</label>`;

/**
 * The notice follows the view, as the site's pages do: one course's speaks of that course, a view
 * of several courses of the catalog while any course is a placeholder.
 */
function placeholderNotice(meta: Meta, one?: Course): string {
  const notice = one
    ? one.placeholder_data && PLACEHOLDER_NOTICE.course
    : meta.contains_placeholder_data && PLACEHOLDER_NOTICE.catalog;
  return notice
    ? `<p class="banner" role="note"><strong>Placeholder data.</strong> ${esc(notice)}</p>`
    : '';
}

function citation(text: string, meta: Meta): string {
  return `<footer><p><strong>Cite as:</strong> ${esc(text)} ${link(meta.canonical_url, meta.canonical_url)}</p><p>Match percentages describe fit to the answers given, not course quality.</p></footer>`;
}

/** The six questions with the current answers chosen; main.ts sends them to recommend_courses. */
export function answersForm(answers: Partial<Record<keyof typeof QUESTIONS, string>>): string {
  const fields = Object.entries(QUESTIONS).map(([name, q]) => {
    const options = Object.entries(q.values)
      .map(
        ([value, label]) =>
          `<option value="${esc(value)}"${answers[name as keyof typeof QUESTIONS] === value ? ' selected' : ''}>${esc(label)}</option>`,
      )
      .join('');
    const placeholder = answers[name as keyof typeof QUESTIONS]
      ? ''
      : '<option value="" selected disabled>Choose an answer</option>';
    return `<div class="field"><label for="a-${esc(name)}">${esc(q.question)}</label><select id="a-${esc(name)}" name="${esc(name)}" required>${placeholder}${options}</select></div>`;
  });
  // A button rather than a submission: sandboxed frames without `allow-forms` block submissions.
  return `<form class="answers" data-answers aria-label="Course Finder answers"><h2>Change your answers</h2>${fields.join('')}<button type="button" data-find>Find courses</button></form>`;
}

function recommendation(r: Recommendation, meta: Meta): string {
  const cards = r.results.map((result) => {
    const c = result.course;
    const reasons = result.match_reasons.length
      ? `<h4>Why it fits</h4><ul class="reasons">${result.match_reasons.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
      : '';
    const warnings = result.warnings.length
      ? `<h4>Watch out for</h4><ul class="warnings">${result.warnings.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
      : '';
    return `<li class="card" data-slug="${esc(c.slug)}">
<h3>${link(c.page_url, c.name)}</h3>${badges(c)}
<p><span class="match">${result.match_percent} % match</span> · rank ${result.rank} · by ${esc(c.provider.name)}</p>
<div class="meter" aria-hidden="true"><span style="width: ${result.match_percent}%"></span></div>
${reasons}${warnings}
<p class="verified">Price: ${esc(fmt.price(c))} · Facts last verified: <span data-verified>${esc(fmt.verifiedWithStatus(c))}</span></p>
<p class="links">${courseLinks(c)}</p>${compareBox(c)}</li>`;
  });
  // What came closest: main.ts asks check_course_fit and fills the section in.
  const none = r.no_strong_match
    ? `<p class="notice"><strong>No strong match.</strong> No enrolling course reached ${r.match_threshold} % for these answers. Try a different budget or learning style.</p><section data-closest aria-labelledby="closest"></section>`
    : '';
  return `${placeholderNotice(meta)}<h1>Your matches</h1>
<p class="lead">For: ${esc(Object.values(r.answer_labels).join(' · '))}. Courses need at least ${r.match_threshold} % to be shown; at most ${r.result_limit}. ${link(r.human_url, 'The same results on the website')}.</p>
${none}<ol class="cards">${cards.join('')}</ol>${compareBar(r.results.length)}
${answersForm(r.answers)}${citation(r.citation, meta)}`;
}

function lines(heading: string, kind: 'reasons' | 'warnings', texts: string[]): string {
  return texts.length
    ? `<h4>${heading}</h4><ul class="${kind}">${texts.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`
    : '';
}

function closestCard(f: CourseFit): string {
  const c = f.course;
  const percent = f.match_percent ?? 0;
  return `<li class="card" data-closest="${esc(c.slug)}" data-verdict="${esc(f.verdict)}">
<h3>${link(c.page_url, c.name)}</h3>${c.placeholder_data ? '<span class="badge placeholder">Placeholder data</span>' : ''}
<p><span class="match">${percent} % match</span> · by ${esc(c.provider.name)}</p>
<div class="meter" aria-hidden="true"><span style="width: ${percent}%"></span></div>
<p class="verdict">${esc(f.explanation)}</p>
${lines('Why it fell short', 'warnings', f.warnings)}${lines('What fits', 'reasons', f.match_reasons)}
<p class="verified">Facts last verified: <span data-verified>${esc(fmt.verifiedWithStatus(c))}</span></p></li>`;
}

/** The courses that came closest to the threshold (check_course_fit without courses), and why. */
export function closest(fit: Fit): string {
  return `<h2 id="closest">What came closest</h2>
<p>The enrolling courses that came nearest, and why each fell short: a fit to your answers, not a verdict on the course.</p>
<ol class="cards">${fit.fits.map(closestCard).join('')}</ol>`;
}

/** Shown where at least two courses could be compared. */
function compareBar(count: number): string {
  return count >= 2
    ? '<p class="compare-bar"><button type="button" data-compare-selected disabled>Compare 2 or 3 ticked courses</button> <span data-compare-hint>Tick two or three courses to compare them side by side.</span></p>'
    : '';
}

function comparison(cmp: Comparison, meta: Meta): string {
  const courses = cmp.courses;
  const row = (label: string, cell: (c: Course) => string) =>
    `<tr><th scope="row">${esc(label)}</th>${courses.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`;
  const rows = [
    row('Provider', (c) => esc(c.provider.name)),
    row('Status', (c) => fmt.status(c)),
    row('Levels', (c) => esc(fmt.levels(c))),
    row('Price (as published)', (c) => esc(fmt.price(c))),
    row('Budget band', (c) => esc(fmt.budgetBand(c))),
    row('Formats', (c) => esc(fmt.formats(c))),
    row('AI/GEO focus', (c) => esc(c.ai_geo_focus)),
    row('Certification', (c) => fmt.yesNo(c.certification)),
    row('Community', (c) => esc(c.community)),
    row('Updates', (c) => esc(c.updates)),
    row('Kinds of work', (c) => esc(fmt.models(c))),
    ...COVERAGE_KEYS.map((key) =>
      row(`${COVERAGE_LABELS[key]} (0–5)`, (c) => String(c.topic_coverage[key])),
    ),
    row(
      'Facts last verified',
      (c) => `<span data-verified>${esc(fmt.verifiedWithStatus(c))}</span>`,
    ),
    row('Links', courseLinks),
  ];
  const head = courses
    .map((c) => `<th scope="col" data-slug="${esc(c.slug)}">${esc(c.name)}<br>${badges(c)}</th>`)
    .join('');
  return `${placeholderNotice(meta)}<h1>Side by side</h1>
<div class="table-wrap"><table class="comparison"><thead><tr><th scope="col">Fact</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>
${citation(meta.citation, meta)}`;
}

function courseCard(c: Course, full: boolean): string {
  const facts = [
    ['Status', fmt.status(c)],
    ['Levels', fmt.levels(c)],
    ['Price (as published)', fmt.price(c)],
    ['Budget band', fmt.budgetBand(c)],
    ['Formats', fmt.formats(c)],
    ['AI/GEO focus', c.ai_geo_focus],
    ['Certification', fmt.yesNo(c.certification)],
    ['Community', c.community],
    ['Updates', c.updates],
    ['Kinds of work', fmt.models(c)],
  ]
    .map(([dt, dd]) => `<dt>${esc(dt)}</dt><dd>${esc(dd)}</dd>`)
    .join('');
  const about = full
    ? `${c.description ? `<p>${esc(c.description)}</p>` : ''}${c.highlights.length ? `<ul>${c.highlights.map((h) => `<li>${esc(h)}</li>`).join('')}</ul>` : ''}`
    : '';
  const pick =
    c.editorial_pick?.reason && full
      ? `<p><small>Editorial pick, outside the scoring: ${esc(c.editorial_pick.reason)}</small></p>`
      : '';
  return `<li class="card${c.enrolling ? '' : ' inactive'}" data-slug="${esc(c.slug)}">
<h3>${link(c.page_url, c.name)}</h3>${badges(c)}
<p class="lead">by ${c.provider.url ? link(c.provider.url, c.provider.name, ' rel="noopener"') : esc(c.provider.name)}${c.best_for ? ` · Best for: ${esc(c.best_for)}` : ''}</p>
${about}<dl class="facts">${facts}</dl>
<p class="verified">Facts last verified: <span data-verified>${esc(fmt.verifiedWithStatus(c))}</span></p>${pick}
<p class="links">${courseLinks(c)}</p>${full ? '' : compareBox(c)}</li>`;
}

function course(c: Course, meta: Meta): string {
  const cite = `${meta.citation} Course: ${c.name}, ${c.page_url}, ${c.verification.last_verified_on ? `facts as of ${c.verification.last_verified_on}` : 'facts not yet verified'}.`;
  return `${placeholderNotice(meta, c)}<ul class="cards">${courseCard(c, true)}</ul>${citation(cite, meta)}`;
}

/** "Courses 1–8 of 28" while part of what matches is shown, "28 courses" for all of it. */
export function coursesHeading(shown: number, page?: PageMeta): string {
  return !page || !shown || (page.offset === 0 && shown >= page.total)
    ? `${shown} ${shown === 1 ? 'course' : 'courses'}`
    : `Courses ${page.offset + 1}–${page.offset + shown} of ${page.total}`;
}

/** Cards for a list of courses; main.ts appends the next page's the same way. */
export const courseCards = (list: Course[]) => list.map((c) => courseCard(c, false)).join('');

function courses({ data: list, meta, page, more }: View & { kind: 'courses' }): string {
  // Offered while a page comes after the last one shown; main.ts removes it on the last.
  const next = more && page?.next_cursor;
  const body = list.length
    ? `<ul class="cards" data-courses>${courseCards(list)}</ul>${next ? '<p data-more-bar><button type="button" data-more>Show more</button></p>' : ''}${compareBar(next ? page.total : list.length)}`
    : '<p class="notice">No course matches these filters.</p>';
  return `${placeholderNotice(meta)}<h1 data-heading>${esc(coursesHeading(list.length, page))}</h1>${body}${citation(meta.citation, meta)}`;
}

function error(e: ErrorBody['error']): string {
  const options = (e.details as { answer_options?: unknown } | undefined)?.answer_options;
  return `<div class="errors" role="alert"><h1>The Course Finder could not answer</h1><p>${esc(e.message)}</p></div>${options ? answersForm({}) : ''}`;
}

export function render(view: View): string {
  switch (view.kind) {
    case 'recommendation':
      return recommendation(view.data, view.meta);
    case 'comparison':
      return comparison(view.data, view.meta);
    case 'course':
      return course(view.data, view.meta);
    case 'courses':
      return courses(view);
    case 'error':
      return error(view.error);
  }
}
