import {
  App,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { QUESTIONS } from '../../catalog/vocabulary';
import type { ErrorBody } from '../../core/envelope.schema';
import { PAGE_META_KEY, type PageMeta } from '../page-meta';
import type { Fit } from '../../recommendations/fit.responses';
import {
  closest,
  courseCards,
  coursesHeading,
  render,
  type ToolBody,
  type View,
  viewOf,
} from './render';

/**
 * The Course Finder app: shows what the host hands it (the result of recommend_courses,
 * compare_courses, get_course or search_courses) and calls those tools again through the host when
 * the user changes an answer or picks courses to compare. It has no network of its own: every call
 * goes through the host bridge, which the host may ask the user to approve.
 */

const root = document.getElementById('app') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;

const app = new App({ name: 'course-finder-app', version: '1.0.0' }, {});

function applyHostContext(context: McpUiHostContext): void {
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

/** The body a result carries: `structuredContent`, or the same JSON in its text block. */
function viewOfResult(result: CallToolResult): View {
  const text = result.content.find((block) => block.type === 'text')?.text;
  if (result.isError) {
    const error = text ? (JSON.parse(text) as Partial<ErrorBody>).error : undefined;
    return {
      kind: 'error',
      error: error ?? { code: 'internal_error', message: 'The tool call failed.' },
    };
  }
  const body = (result.structuredContent ?? (text ? JSON.parse(text) : undefined)) as
    ToolBody | undefined;
  if (!body) return { kind: 'error', error: { code: 'internal_error', message: 'No result.' } };
  return viewOf(body);
}

/**
 * A result as shown, with the arguments of the call that gave it where the app knows them, and for
 * a recommendation with no strong match what came closest, once asked.
 */
interface Shown {
  view: View;
  args?: Record<string, unknown>;
  closest?: Fit;
}

function shownOf(result: CallToolResult, args?: Record<string, unknown>): Shown {
  let view: View;
  try {
    view = viewOfResult(result);
  } catch {
    view = { kind: 'error', error: { code: 'internal_error', message: 'Unreadable result.' } };
  }
  if (view.kind === 'courses') {
    // Where the page sits, from `_meta` alone (never the text). A next page needs the arguments
    // the list came from: the server refuses a cursor with other filters, a cursor alone included.
    view.page = result._meta?.[PAGE_META_KEY] as PageMeta | undefined;
    view.more = args !== undefined;
  }
  return { view, args };
}

/** Results shown before the current one, newest last: the way back from a comparison. */
const previous: Shown[] = [];
let current: Shown | undefined;
/** The arguments of the host's tool call, which the host sends just before its result. */
let toolInput: Record<string, unknown> | undefined;

function show(shown: Shown): void {
  current = shown;
  root.innerHTML =
    (previous.length ? '<p><button type="button" data-back>← Back</button></p>' : '') +
    render(shown.view);
  root.removeAttribute('aria-busy');
  status.textContent = '';
  bind();
  if (shown.view.kind === 'recommendation' && shown.view.data.no_strong_match) {
    void showClosest(shown);
  }
}

/**
 * With no strong match, what came closest and why each fell short: check_course_fit with the same
 * answers and no courses, asked once per result and shown in its place.
 */
async function showClosest(shown: Shown): Promise<void> {
  const place = root.querySelector('[data-closest]');
  if (shown.view.kind !== 'recommendation' || !place) return;
  if (!shown.closest) {
    busy('Looking for the courses that came closest…');
    try {
      const result = await app.callServerTool({
        name: 'check_course_fit',
        arguments: { ...shown.view.data.answers },
      });
      if (result.isError || !result.structuredContent) throw new Error('no fit came back');
      shown.closest = (result.structuredContent as { data: Fit }).data;
    } catch (error) {
      if (current === shown)
        idle(`The Course Finder could not show what came closest: ${(error as Error).message}`);
      return;
    }
  }
  if (current !== shown) return;
  place.innerHTML = closest(shown.closest);
  idle('');
  await tellModel(
    `In the Course Finder app no course reached the threshold; the user sees what came closest: ${shown.closest.fits.map((f) => `${f.course.name} (${f.match_percent} %): ${f.explanation}`).join(' ')}`,
  );
}

/** Tells the model what the user now sees, where the host takes such updates. */
async function tellModel(text: string): Promise<void> {
  if (!app.getHostCapabilities()?.updateModelContext) return;
  await app.updateModelContext({ content: [{ type: 'text', text }] }).catch(() => undefined);
}

/** While a call runs: no other call can start, and the status says what is under way. */
function busy(text: string): void {
  root.setAttribute('aria-busy', 'true');
  for (const control of root.querySelectorAll<HTMLButtonElement>('button')) {
    control.disabled = true;
  }
  status.textContent = text;
}

function idle(text: string): void {
  root.removeAttribute('aria-busy');
  for (const control of root.querySelectorAll<HTMLButtonElement>('button')) {
    control.disabled = false;
  }
  updateCompare();
  status.textContent = text;
}

async function callTool(name: string, args: Record<string, unknown>, text: string) {
  busy(text);
  try {
    const result = await app.callServerTool({ name, arguments: args });
    if (current) previous.push(current);
    show(shownOf(result, args));
    await tellModel(
      `In the Course Finder app the user called ${name} with ${JSON.stringify(args)} and now sees: ${result.content.find((b) => b.type === 'text')?.text ?? ''}`,
    );
  } catch (error) {
    idle(`The host did not run ${name}: ${(error as Error).message}`);
  }
}

/**
 * The page after the last one shown (search_courses with the list's arguments and the cursor from
 * `_meta`), appended to the list in place, so ticks and scroll stay; focus moves to its first card.
 */
async function showMore(): Promise<void> {
  const shown = current;
  const view = shown?.view;
  if (view?.kind !== 'courses' || !shown?.args || !view.page?.next_cursor) return;
  const args = { ...shown.args, cursor: view.page.next_cursor };
  busy('Showing more courses…');
  try {
    const next = shownOf(
      await app.callServerTool({ name: 'search_courses', arguments: args }),
      shown.args,
    ).view;
    if (current !== shown) return;
    if (next.kind !== 'courses' || !next.page) {
      throw new Error(next.kind === 'error' ? next.error.message : 'no page came back');
    }
    const first = view.data.length;
    view.data.push(...next.data);
    view.page = { ...next.page, offset: view.page.offset };
    root.querySelector('[data-courses]')?.insertAdjacentHTML('beforeend', courseCards(next.data));
    const heading = coursesHeading(view.data.length, view.page);
    root.querySelector('h1[data-heading]')!.textContent = heading;
    if (!view.page.next_cursor) root.querySelector('[data-more-bar]')?.remove();
    const seen = heading.replace(/^C/, 'c');
    idle(`Now showing ${seen}.`);
    root.querySelectorAll('li.card')[first]?.querySelector('a')?.focus();
    await tellModel(
      `In the Course Finder app the user called search_courses with ${JSON.stringify(args)} and now sees ${seen}; added: ${next.data.map((c) => `${c.name} (${c.slug})`).join(', ')}`,
    );
  } catch (error) {
    if (current !== shown) return;
    idle(`The Course Finder could not show more courses: ${(error as Error).message}`);
    root.querySelector<HTMLButtonElement>('button[data-more]')?.focus();
  }
}

/** The courses ticked for comparison, in the order shown. */
const ticked = () =>
  [...root.querySelectorAll<HTMLInputElement>('input[data-compare]:checked')].map(
    (box) => box.dataset.compare!,
  );

/** Comparing needs two or three ticked courses, and no call under way. */
function updateCompare(): void {
  const button = root.querySelector<HTMLButtonElement>('button[data-compare-selected]');
  const count = ticked().length;
  if (button) button.disabled = root.hasAttribute('aria-busy') || count < 2 || count > 3;
}
root.addEventListener('change', updateCompare);

/** Wires the markup's hooks (render.ts) to tool calls. */
function bind(): void {
  const form = root.querySelector<HTMLFormElement>('form[data-answers]');
  form?.querySelector('button[data-find]')?.addEventListener('click', () => {
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    const answers = Object.fromEntries(
      Object.keys(QUESTIONS).map((name) => [name, data.get(name)]),
    );
    void callTool('recommend_courses', answers, 'Finding courses for your answers…');
  });

  root.querySelector('button[data-back]')?.addEventListener('click', () => show(previous.pop()!));
  root.querySelector('button[data-more]')?.addEventListener('click', () => void showMore());

  updateCompare();
  root.querySelector('button[data-compare-selected]')?.addEventListener('click', () => {
    void callTool('compare_courses', { courses: ticked() }, 'Comparing the courses you ticked…');
  });
}

/** Links open through the host, which sandboxed frames need; a plain link where the host has no such thing. */
root.addEventListener('click', (event) => {
  const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[href]');
  if (!anchor || !app.getHostCapabilities()?.openLinks) return;
  event.preventDefault();
  void app.openLink({ url: anchor.href });
});

// Handlers before connecting: the host sends the tool's input and result once, right after it.
app.ontoolinput = ({ arguments: args }) => {
  toolInput = args;
  root.setAttribute('aria-busy', 'true');
  status.textContent = 'The Course Finder is answering…';
};
// Without the tool's input (a host that sends none) the list shows no "Show more": see shownOf.
// An input belongs to the one result after it, never to a later one.
app.ontoolresult = (result) => {
  const input = toolInput;
  toolInput = undefined;
  show(shownOf(result, input));
};
app.ontoolcancelled = () => {
  toolInput = undefined;
  root.removeAttribute('aria-busy');
  status.textContent = 'The tool call was cancelled.';
};
app.onhostcontextchanged = applyHostContext;
app.onteardown = async () => ({});

void app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  const context = app.getHostContext();
  if (context) applyHostContext(context);
});
