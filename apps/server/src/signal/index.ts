import { SIGNAL_PATH } from '@rozmova/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { refreshAccount } from './account.js';
import { attachSocket } from './connection.js';
import { handshake } from './handshake.js';
import { KeyedQueue } from './limits.js';
import { rooms, type SignalServer } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    signal: SignalServer;
  }
}

/** Big enough for an SDP offer with several tracks; anything larger closes that one connection. */
const MAX_MESSAGE_BYTES = 128 * 1024;

/**
 * Real-time signalling on the API's own HTTP server (spec §7). With REDIS_URL, rooms span every process that
 * shares the Redis. Ended sessions and canceled appointments, announced on `app.events`, end sockets and rooms.
 */
export default fp(
  async (app: FastifyInstance) => {
    const io: SignalServer = new Server(app.server, {
      path: SIGNAL_PATH,
      transports: ['polling', 'websocket'],
      serveClient: false,
      maxHttpBufferSize: MAX_MESSAGE_BYTES,
    });
    const redis = app.config.redisUrl ? [new Redis(app.config.redisUrl), new Redis(app.config.redisUrl)] : [];
    for (const client of redis) client.on('error', (err) => app.log.warn({ err }, 'signalling Redis connection'));
    if (redis.length === 2) io.adapter(createAdapter(redis[0], redis[1]));
    app.decorate('signal', io);

    const joins = new KeyedQueue();
    io.use(handshake(app.tokens, app.config.publicUrl, app.log));
    io.on('connection', (socket) => attachSocket(io, socket, app.context, joins));

    const events = app.events;
    const onSessionsRevoked = (userId: number) => io.in(rooms.user(userId)).disconnectSockets(true);
    const onSessionRevoked = (sessionId: string) => io.in(rooms.session(sessionId)).disconnectSockets(true);
    const onAccountChanged = (userId: number) => {
      // This process's sockets of the account check their session again: a disabled account is let go.
      void io
        .in(rooms.user(userId))
        .local.fetchSockets()
        .then((sockets) =>
          Promise.all(
            sockets.map((s) =>
              app.tokens.session(s.data.token).then(
                ({ user }) => refreshAccount(s.data, user),
                () => s.disconnect(true),
              ),
            ),
          ),
        )
        .catch((err) => app.log.error({ err }, 'signalling could not recheck sessions'));
    };
    const onAppointmentCanceled = (room: string | null) => {
      if (room === null) return;
      void io
        .in(rooms.call(room))
        .fetchSockets()
        .then((members) => {
          io.to(rooms.call(room)).emit('room-closed', { room, reason: 'APPOINTMENT_CANCELED' });
          for (const m of members) m.leave(rooms.call(room));
          for (const m of members) m.leave(rooms.member(room, m.id));
        })
        .catch((err) => app.log.error({ err, room }, 'signalling could not close a room'));
    };
    events.on('sessionsRevoked', onSessionsRevoked);
    events.on('sessionRevoked', onSessionRevoked);
    events.on('accountChanged', onAccountChanged);
    events.on('appointmentCanceled', onAppointmentCanceled);

    // Open sockets would keep the HTTP server from closing, so they go first.
    app.addHook('preClose', async () => {
      events.off('sessionsRevoked', onSessionsRevoked);
      events.off('sessionRevoked', onSessionRevoked);
      events.off('accountChanged', onAccountChanged);
      events.off('appointmentCanceled', onAppointmentCanceled);
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
    });
  },
  { name: 'signal', dependencies: ['auth'] },
);
