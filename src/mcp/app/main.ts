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
import { render, type ToolBody, type View, viewOf } from './render';

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

/** Results shown before the current one, newest last: the way back from a comparison. */
const previous: CallToolResult[] = [];
let current: CallToolResult | undefined;

function show(result: CallToolResult): void {
  let view: View;
  try {
    view = viewOfResult(result);
  } catch {
    view = { kind: 'error', error: { code: 'internal_error', message: 'Unreadable result.' } };
  }
  current = result;
  root.innerHTML =
    (previous.length ? '<p><button type="button" data-back>← Back</button></p>' : '') +
    render(view);
  root.removeAttribute('aria-busy');
  status.textContent = '';
  bind();
}

/** Tells the model what the user now sees, where the host takes such updates. */
async function tellModel(text: string): Promise<void> {
  if (!app.getHostCapabilities()?.updateModelContext) return;
  await app.updateModelContext({ content: [{ type: 'text', text }] }).catch(() => undefined);
}

async function callTool(name: string, args: Record<string, unknown>, busy: string) {
  root.setAttribute('aria-busy', 'true');
  for (const control of root.querySelectorAll<HTMLButtonElement>('button')) {
    control.disabled = true;
  }
  status.textContent = busy;
  try {
    const result = await app.callServerTool({ name, arguments: args });
    if (current) previous.push(current);
    show(result);
    await tellModel(
      `In the Course Finder app the user called ${name} with ${JSON.stringify(args)} and now sees: ${result.content.find((b) => b.type === 'text')?.text ?? ''}`,
    );
  } catch (error) {
    root.removeAttribute('aria-busy');
    status.textContent = `The host did not run ${name}: ${(error as Error).message}`;
    bind();
  }
}

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

  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[data-compare]')];
  const button = root.querySelector<HTMLButtonElement>('button[data-compare-selected]');
  const picked = () => boxes.filter((box) => box.checked).map((box) => box.dataset.compare!);
  const update = () => {
    if (button) button.disabled = picked().length < 2 || picked().length > 3;
  };
  for (const box of boxes) box.addEventListener('change', update);
  update();
  button?.addEventListener('click', () => {
    void callTool('compare_courses', { courses: picked() }, 'Comparing the courses you ticked…');
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
app.ontoolinput = () => {
  root.setAttribute('aria-busy', 'true');
  status.textContent = 'The Course Finder is answering…';
};
app.ontoolresult = show;
app.ontoolcancelled = () => {
  root.removeAttribute('aria-busy');
  status.textContent = 'The tool call was cancelled.';
};
app.onhostcontextchanged = applyHostContext;
app.onteardown = async () => ({});

void app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  const context = app.getHostContext();
  if (context) applyHostContext(context);
});
