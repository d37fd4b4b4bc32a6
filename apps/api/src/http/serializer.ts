// Response serialization from the routes' zod schemas, compiled once per route and status with
// fast-json-stringify (what Fastify does for JSON-schema routes). The zod type provider's own
// serializer runs zod over every response before JSON.stringify, which on a page of 50 expenses
// cost more than the rest of the request. What leaves is the same: the schema's properties only,
// in the schema's shape; the mappers (http/mappers.ts, module mappers) build exactly that shape.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

/** The variants of a union whose members are objects told apart by a literal `type`. */
function typedVariants(schema: z.ZodType): Map<string, z.ZodType> | null {
  if (!(schema instanceof z.ZodUnion)) return null;
  const out = new Map<string, z.ZodType>();
  for (const option of schema.options as readonly z.ZodType[]) {
    if (!(option instanceof z.ZodObject)) return null;
    const tag = (option.shape as Record<string, z.ZodType>)['type'];
    if (!(tag instanceof z.ZodLiteral) || tag.values.size !== 1) return null;
    const [value] = [...tag.values];
    if (typeof value !== 'string') return null;
    out.set(value, option);
  }
  return out;
}

/**
 * A stringifier for `schema`. An array of a `type`-tagged union (the group transaction list)
 * dispatches each item to its variant's stringifier: fast-json-stringify would otherwise validate
 * every item against each branch of the union to pick one.
 */
export function compileStringify(schema: z.ZodType): Stringify {
  if (schema instanceof z.ZodArray) {
    const variants = typedVariants(schema.element as z.ZodType);
    if (variants !== null) {
      const byTag = new Map([...variants].map(([tag, s]) => [tag, compileStringify(s)]));
      return (data) => {
        if (!Array.isArray(data)) return JSON.stringify(data);
        const parts = data.map((item: unknown) => {
          const tag = (item as { type?: unknown } | null)?.type;
          const f = typeof tag === 'string' ? byTag.get(tag) : undefined;
          if (f === undefined) throw new Error(`response item of unknown type ${String(tag)}`);
          return f(item);
        });
        return `[${parts.join(',')}]`;
      };
    }
  }
  return fastJson(jsonSchemaOf(schema) as unknown as Parameters<typeof fastJson>[0]);
}

/** Fastify's serializer compiler for routes whose response schemas are zod types. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (schema instanceof z.ZodType) return compileStringify(schema);
  return (data: unknown) => JSON.stringify(data);
};
