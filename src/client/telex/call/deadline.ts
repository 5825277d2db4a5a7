/** One pending timeout: a call waits for one thing at a time, so a new wait replaces the old. */
export class Deadline {
  private timer?: ReturnType<typeof setTimeout>;

  set(ms: number, expire: () => void): void {
    this.clear();
    this.timer = setTimeout(expire, ms);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
