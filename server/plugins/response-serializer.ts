import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type FastJsonSchema = Parameters<typeof fastJson>[0];
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Responses are written by fast-json-stringify (Fastify's own serializer), compiled once per route
 * from the JSON Schema of the route's zod response contract. Checking every response against its
 * zod schema at run time cost a fifth of the throughput of a hot call (GET /api/user/);
 * the contract still holds: the type provider makes TypeScript check each handler's return value
 * against it, and fast-json-stringify writes only the properties the contract lists, so a column
 * added to a row never leaks into an answer. A contract JSON Schema cannot express keeps the zod
 * serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route: RouteSchema) => {
  const schema = route.schema as ZodType;
  let jsonSchema: FastJsonSchema;
  try {
    // The input side: the serializer encodes the handler's value into the contract's wire form.
    jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'input', unrepresentable: 'throw' }) as FastJsonSchema;
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return fastJson(jsonSchema);
};
