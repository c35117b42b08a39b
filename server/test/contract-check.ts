import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serverContracts, type ServerCallName } from '../../src/contracts';

/**
 * The contract test's check (issue 31): every successful answer a route gives during the server
 * test suite goes through its contract's output schema (src/contracts). The harness installs it
 * on every test app and fails the file at close() when an answer did not match, naming the
 * route, the problem and the answer. Outputs are strict objects, so a field the contract lacks
 * fails as surely as a missing one or a wrong type.
 */
export interface ContractFailure {
  contract: ServerCallName;
  route: string;
  problem: string;
  answer: string;
}

/** The problem with one answer to `name`, or null when it matches (or is not a success). */
export function contractProblem(name: ServerCallName, payload: string): string | null {
  const contract = serverContracts[name];
  let envelope: unknown;
  try {
    envelope = JSON.parse(payload);
  } catch {
    return 'the answer is not JSON';
  }
  if (typeof envelope !== 'object' || envelope === null) return 'the answer is not an envelope';
  const { code, error } = envelope as { code?: unknown; error?: unknown };
  // Failures answer the §7 envelope with result null; only successes carry the output.
  if (code !== contract.successCode || error !== null) return null;
  const carried = (envelope as Record<string, unknown>)[contract.carrier];
  const parsed = contract.output.safeParse(carried);
  return parsed.success ? null : z.prettifyError(parsed.error);
}

/** Checks every answer of `app`'s contract routes; read the failures with the returned getter. */
export function checkAnswers(app: FastifyInstance): () => readonly ContractFailure[] {
  const failures: ContractFailure[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const name = request.routeOptions.config.contract;
    if (name === undefined || typeof payload !== 'string' || reply.statusCode !== 200) {
      return payload;
    }
    const problem = contractProblem(name, payload);
    if (problem !== null) {
      failures.push({
        contract: name,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
        problem,
        answer: payload.slice(0, 500),
      });
    }
    return payload;
  });
  return () => failures;
}

/** The failures as one error message. */
export function describeFailures(failures: readonly ContractFailure[]): string {
  return [
    `${failures.length} answer(s) do not match their contract (src/contracts):`,
    ...failures.map((f) => `- ${f.contract} (${f.route}):\n  ${f.problem}\n  answer: ${f.answer}`),
  ].join('\n');
}
