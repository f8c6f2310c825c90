import { EventEmitter } from 'node:events';
import type { MessageBus, MessageBusLog, MessageEvent, SessionsEndedEvent } from './message-bus.ts';
import { callEach, validMessageEvent, validSessionsEndedEvent } from './message-event.ts';

/**
 * The bus on PGlite, where the database lives inside this one process, so no other process needs
 * telling. The writer is not used: delivery waits for the next turn of the event loop (setImmediate),
 * never inside `publish`, and any query a listener makes waits behind the writing transaction,
 * because PGlite runs one transaction at a time and queues every other query behind it. A
 * transaction that publishes and then rolls back still delivers its event, so listeners load the
 * message by id and skip one that is not there, as they must after a resync anyway. Call `publish`
 * after the commit, without a writer, where that matters.
 */
export function createInProcessMessageBus({ log }: { log: MessageBusLog }): MessageBus {
  const events = new EventEmitter<{ message: [MessageEvent]; sessionsEnded: [SessionsEndedEvent] }>();
  // Every open live connection may subscribe: Node's warning at 11 listeners would be a false alarm.
  events.setMaxListeners(0);
  let closed = false;

  return {
    async publish(_writer, event) {
      const delivered = validMessageEvent(event);
      setImmediate(() => {
        if (!closed) callEach(events.listeners('message'), [delivered], log);
      });
    },
    subscribe(listener) {
      events.on('message', listener);
      return () => events.off('message', listener);
    },
    async publishSessionsEnded(_writer, event) {
      const delivered = validSessionsEndedEvent(event);
      setImmediate(() => {
        if (!closed) callEach(events.listeners('sessionsEnded'), [delivered], log);
      });
    },
    subscribeSessionsEnded(listener) {
      events.on('sessionsEnded', listener);
      return () => events.off('sessionsEnded', listener);
    },
    onResync() {
      // Nothing to lose: there is no connection between the database and this bus.
      return () => undefined;
    },
    async close() {
      closed = true;
      events.removeAllListeners();
    },
  };
}
