// The next task of this context's event loop: work cut into parts (a page's pieces parsed, a
// list's segments unpacked) lets the frames and keys due meanwhile go first. A MessageChannel
// hands over at once, where a timer would wait 4 ms after a few nested ones.
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
