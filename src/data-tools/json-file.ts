import { join } from 'node:path';

/** The project's own Prettier configuration, for files outside the project (a copy in a temp dir). */
const PROJECT_FILE = join(__dirname, '..', '..', 'package.json');

/**
 * JSON text as the project writes it (`npm run format`, checked by `npm run lint`): a data file
 * rewritten by a command then differs from the original only where the data does. Prettier is a
 * development dependency, loaded only here: the editors' commands run from a checkout, never in
 * the image.
 */
export async function formatJson(value: unknown, path: string): Promise<string> {
  const { format } = await import('prettier');
  return format(JSON.stringify(value, null, 2), await prettierOptions(path));
}

/** Whether a file's text is formatted as `npm run lint` requires. */
export async function isFormatted(text: string, path: string): Promise<boolean> {
  const { check } = await import('prettier');
  return check(text, await prettierOptions(path));
}

async function prettierOptions(path: string) {
  const { resolveConfig } = await import('prettier');
  const config = (await resolveConfig(path)) ?? (await resolveConfig(PROJECT_FILE)) ?? {};
  return { ...config, filepath: path };
}
