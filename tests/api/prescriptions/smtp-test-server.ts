// A tiny SMTP server for tests (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT),
// so delivery is tested over a real socket with nodemailer's real SMTP client.
import net from 'node:net';

export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The message as sent (dot-unstuffed, CRLF line ends). */
  data: string;
  /** Its Message-ID header, angle brackets included. */
  messageId: string | undefined;
  /** When the client had sent the whole message (Date.now()). */
  receivedAt: number;
  /** When the server answered 250. */
  acceptedAt: number;
}

export interface SmtpTestOptions {
  /** Wait this long before answering 250 to a message (a slow mail server). */
  acceptDelayMs?: number;
  /** Called the moment 250 has been written for a message. */
  onAccepted?: (message: ReceivedMessage) => void;
}

export interface SmtpTestServer {
  url: string;
  messages: ReceivedMessage[];
  /** Answer the next `n` DATA commands with a temporary failure (451). */
  failNext(n: number): void;
  /**
   * Take the next `n` messages whole but never answer them: the sender waits in the DATA phase
   * until it gives up or dies. They are in `held`, never in `messages` (never accepted).
   */
  holdNext(n: number): void;
  held: ReceivedMessage[];
  /** Number of DATA transactions refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

export async function startSmtpTestServer(options: SmtpTestOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMessage[] = [];
  const held: ReceivedMessage[] = [];
  let holds = 0;
  let failures = 0;
  let refused = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const say = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        say('250-test.smtp.local');
        say('250 8BITMIME');
      } else if (verb === 'HELO') say('250 test.smtp.local');
      else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        say('250 OK');
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        say('250 OK');
      } else if (verb === 'DATA') {
        if (failures > 0) {
          failures -= 1;
          refused += 1;
          say('451 4.3.0 Try again later');
          return;
        }
        inData = true;
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET' || verb === 'NOOP') say('250 OK');
      else if (verb === 'QUIT') {
        say('221 Bye');
        socket.end();
      } else say('502 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const receivedAt = Date.now();
          if (holds > 0) {
            holds -= 1;
            held.push({ from, to, data, messageId: /^Message-ID: (.*)\r$/im.exec(data)?.[1], receivedAt, acceptedAt: NaN });
            return;
          }
          const accept = () => {
            const messageId = /^Message-ID: (.*)\r$/im.exec(data)?.[1];
            const message = { from, to, data, messageId, receivedAt, acceptedAt: Date.now() };
            messages.push(message);
            say('250 OK queued');
            options.onAccepted?.(message);
          };
          if (options.acceptDelayMs) {
            // Later commands wait for the answer, as a real server's would.
            socket.pause();
            setTimeout(() => {
              accept();
              socket.resume();
            }, options.acceptDelayMs);
            return;
          }
          accept();
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        command(line);
      }
    });
    say('220 test.smtp.local ESMTP');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(n) {
      failures = n;
    },
    holdNext(n) {
      holds = n;
    },
    held,
    get refused() {
      return refused;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
