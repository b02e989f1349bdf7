import { createServer, type Server, type Socket } from 'node:net';

/** One message the server accepted (answered 250 after its DATA). */
export interface ReceivedMail {
  from: string;
  to: string[];
  messageId: string;
  raw: string;
}

/** What the server does to one of the next connections instead of serving it. */
export type Fault =
  /** Closes the connection as soon as it is open, before the greeting. */
  | 'drop-on-connect'
  /** Takes MAIL FROM and RCPT TO, then closes the connection when asked for DATA. */
  | 'drop-on-data'
  /** Takes the whole message, then refuses it for good (550). */
  | 'refuse';

/**
 * A minimal SMTP server for tests (plain text, no extensions, no authentication): enough for
 * nodemailer to deliver to, and told to drop or refuse the next connections the way a flaky or
 * restarting mail server does.
 */
export interface FakeSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Connections opened so far, faulted ones included. */
  connections: number;
  /** The next connections meet these faults, one each, in order. */
  faults: Fault[];
  close(): Promise<void>;
}

export async function startFakeSmtpServer(port = 0): Promise<FakeSmtpServer> {
  const sockets = new Set<Socket>();
  const state: FakeSmtpServer = {
    port: 0,
    url: '',
    received: [],
    connections: 0,
    faults: [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    state.connections += 1;
    const fault = state.faults.shift();
    if (fault === 'drop-on-connect') {
      socket.destroy();
      return;
    }
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    let pending = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp.test ESMTP');

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp.test');
      else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 OK');
      } else if (verb === 'DATA') {
        if (fault === 'drop-on-data') {
          socket.destroy();
          return;
        }
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
      else reply('502 5.5.2 Command not implemented');
    };

    const dataLine = (line: string, lines: string[]) => {
      if (line !== '.') {
        // Dot-stuffing: a line starting with a dot was sent with a second one.
        lines.push(line.startsWith('.') ? line.slice(1) : line);
        return;
      }
      data = null;
      if (fault === 'refuse') {
        reply('550 5.1.1 Mailbox unavailable');
        return;
      }
      const raw = lines.join('\r\n');
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
      state.received.push({ from, to, messageId, raw });
      reply('250 2.0.0 OK queued');
    };

    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      for (let end = pending.indexOf('\r\n'); end >= 0 && !socket.destroyed; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) dataLine(line, data);
        else command(line);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.port = (server.address() as { port: number }).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  return state;
}
