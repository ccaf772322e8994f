import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses in production: the route's zod response schema compiled once into a serializer
 * (fast-json-stringify, which Fastify ships), instead of zod encoding every response and
 * `JSON.stringify` then — a fifth of the server's CPU on a register page (issue 27). Like zod,
 * it writes only the fields the schema declares. It does not check the values: the tests run
 * with zod's serializer (`NODE_ENV=test`), which refuses a response off its schema in every
 * route test, and `response-serializer.test.ts` checks the two write the same JSON.
 *
 * A schema JSON Schema cannot state exactly (a transform, a codec, a coercion, a date: its input
 * and output differ, or it has none) keeps zod's serializer.
 */

type Route = Parameters<typeof zodSerializerCompiler>[0];

/** zod states an object's output closed (`additionalProperties: false`), its input not: alike here. */
const closedObjectsOpen = (key: string, value: unknown) =>
  key === 'additionalProperties' && value === false ? undefined : value;

/** The JSON Schema fast-json-stringify gets, or null when the zod schema keeps zod's serializer. */
export function responseJsonSchema(schema: unknown): Record<string, unknown> | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-07' });
    const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-07' });
    if (JSON.stringify(input) !== JSON.stringify(output, closedObjectsOpen)) return null;
    return input as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The serializer compiler of production: compiled where the schema allows, zod's elsewhere. */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  // compiled at the first response, not at start: Fastify asks for every route's serializers
  // when it starts (≈ 200 schemas, two seconds of CPU), most of which a node may never answer
  let serialize: ((data: unknown) => string) | null = null;
  return (data) => {
    if (!serialize) {
      const json = responseJsonSchema((route as Route).schema);
      serialize = json
        ? (fastJson(json as never) as (d: unknown) => string)
        : zodSerializerCompiler(route as Route);
    }
    return serialize(data);
  };
};
