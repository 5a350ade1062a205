/** What a test has read so far of a server-sent event stream, and a way to read on. */
export interface EventStreamReader {
  /** Everything received so far, as text. */
  readonly text: string;
  /** Reads until the text so far contains `needle`; fails if the stream ends first. */
  waitFor(needle: string): Promise<void>;
}

/** Reads a server-sent event stream (e.g. the bureau records list's live changes) from a fetch response. */
export function readEventStream(response: Response): EventStreamReader {
  if (!response.body) throw new Error('the response has no body to read');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    get text() {
      return text;
    },
    async waitFor(needle) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}
