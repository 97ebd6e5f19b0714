import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** HTTP over a bare socket, for requests `fetch` refuses to send. */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the request written before the server closed the connection. */
  written: number;
}

function parse(raw: string): Omit<RawResponse, 'written'> {
  const end = raw.indexOf('\r\n\r\n');
  if (!raw.startsWith('HTTP/1.1 ') || end < 0) {
    throw new Error(`Not an HTTP response: ${JSON.stringify(raw.slice(0, 200))}`);
  }
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = raw.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, lineEnd), 16);
      if (!size) break;
      decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
      at = lineEnd + 2 + size + 2;
    }
    body = decoded;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * Sends `request` (a string, or pieces written `pauseMs` apart) on a new connection and reads
 * until the server closes it. A reset after the answer (the server closing on unread input) is an
 * ordinary end here.
 */
export function rawRequest(
  url: string,
  request: string | string[],
  pauseMs = 0,
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let written = 0;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      try {
        resolve({ ...parse(Buffer.concat(chunks).toString('utf8')), written });
      } catch (error) {
        reject(error);
      }
    };
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => socket.destroy());
    socket.once('connect', async () => {
      for (const piece of typeof request === 'string' ? [request] : request) {
        if (closed || socket.destroyed) return;
        socket.write(piece);
        written += Buffer.byteLength(piece);
        if (pauseMs > 0) await sleep(pauseMs);
      }
    });
  });
}
