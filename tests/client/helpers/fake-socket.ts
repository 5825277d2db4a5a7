/** Just enough of a browser WebSocket for the telex socket's tests: the test speaks and closes for the server. */
import type { ChatServerFrame } from '../../../src/contract/chat';

export class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket opened since the test reset it. */
  static opened: FakeSocket[] = [];
  readyState = FakeSocket.OPEN;
  /** Frames the client sent, parsed. */
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  serverSends(frame: ChatServerFrame) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(frame) }));
  }
  /** The server closes it with `code`. */
  serverCloses(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}
