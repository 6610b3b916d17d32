import type { FastifyPluginAsync } from 'fastify';
import health from './health/routes.js';

/** Every area's routes, mounted under /api. */
export const apiModules: FastifyPluginAsync[] = [health];
