import http from 'node:http';
import net from 'node:net';

/** A letter the server sent, decoded enough for the journeys to read codes from it. */
export type SunkMail = { from: string; to: string[]; subject: string; text: string; receivedAt: string };

/** Decodes RFC 2047 encoded words in a header (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a single-part text message into headers and its decoded body (what nodemailer sends for `text`). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep === -1 ? raw : raw.slice(0, sep);
  const body = sep === -1 ? '' : raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n') };
}

/**
 * Just enough SMTP for nodemailer (220, EHLO/HELO, MAIL, RCPT, DATA … '.', RSET, NOOP, QUIT):
 * the e2e server sends its letters here, and the journeys read them over a loopback HTTP
 * endpoint (`GET /messages?to=<address>`), as a person would read the mailbox.
 */
export async function startSmtpSink(): Promise<{
  smtpUrl: string;
  mailUrl: string;
  close: () => Promise<void>;
}> {
  const messages: SunkMail[] = [];

  const smtp = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 e2e-smtp-sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl = buffer.indexOf('\r\n');
      while (nl !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        nl = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            const parsed = parseMessage(data.join('\r\n'));
            messages.push({ from, to, ...parsed, receivedAt: new Date().toISOString() });
            data = [];
            from = '';
            to = [];
            reply('250 OK: queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-e2e-smtp-sink');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 e2e-smtp-sink');
        else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(list));
  });

  const listen = (s: net.Server) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port));
    });
  const smtpPort = await listen(smtp);
  const webPort = await listen(web);
  const closeServer = (s: net.Server) => new Promise<void>((resolve) => s.close(() => resolve()));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailUrl: `http://127.0.0.1:${webPort}`,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([closeServer(smtp), closeServer(web)]);
    },
  };
}
