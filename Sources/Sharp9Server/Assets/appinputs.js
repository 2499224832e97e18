// The page's inputs over one WebSocket (/api/app/inputs), each answered in order with {} or
// {"error"}: a press reaches the session without a whole HTTP request. While the socket is not
// open (connecting, reconnecting, or refused) an input goes by POST instead, so none waits for it.
import { change, withToken } from "./api.js";

const lost = "the connection to sharp9 was lost; press again";

export class InputChannel {
  constructor(path) {
    this.path = path;
    this.socket = null;
    this.waiting = [];
    this.retryMs = 250;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${withToken(this.path)}`);
    socket.onopen = () => {
      this.socket = socket;
      this.retryMs = 250;
    };
    socket.onmessage = (message) => {
      const pending = this.waiting.shift();
      if (!pending) return;
      const answer = JSON.parse(message.data);
      if (answer.error) pending.reject(new Error(answer.error));
      else pending.resolve(answer);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      // Whether the server took an input in flight is unknown: say so rather than send it twice.
      for (const pending of this.waiting.splice(0)) pending.reject(new Error(lost));
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  // Sends one input (JSON text); resolves when the session took it, rejects with its sentence.
  send(text) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return change("POST", "/api/app/input", text);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      socket.send(text);
    });
  }
}
