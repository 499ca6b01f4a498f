import { Elysia } from "elysia";
import { healthModule } from "../../modules/health";
import { errorHandler } from "./http/error-handler";

/**
 * All a STEMMA_ROLE=worker process serves: `GET /api/health` (database and queue reachable) for its
 * orchestrator's health check. Every other path answers 404.
 */
export const workerHealth = new Elysia({ prefix: "/api" }).use(errorHandler).use(healthModule);
