import { MigrationRefused, type SourceTable } from "./source";
import { dependencyOrder, quoteIdent, type TargetTable } from "./target";

/** One table to copy: the source's columns with the target's types, keyed and ordered the same on both sides. */
export interface TablePlan {
  name: string;
  columns: string[];
  /** The target type of each column, by position. */
  types: string[];
  primaryKey: string[];
  /** Columns filled by sequences, moved past the copied values at the end. */
  sequences: Array<{ column: string; sequence: string }>;
  identity: boolean;
  /** The target table has triggers of its own (page versions), switched off while its rows are copied. */
  triggers: boolean;
}

const TEXT_TYPES = /^(text|character varying|character|varchar)/;

/**
 * Every source table must exist in the target with every column and the same primary key (the target
 * is this version's schema); target tables the source lacks are left as its migrations made them.
 */
export function planTables(
  source: SourceTable[],
  target: Map<string, TargetTable>,
): { plans: TablePlan[]; targetOnly: string[] } {
  const problems: string[] = [];
  const planned = new Map<string, TablePlan>();
  for (const table of source) {
    const into = target.get(table.name);
    if (!into) {
      problems.push(`table ${table.name} is missing from the target`);
      continue;
    }
    const missing = table.columns.filter((column) => !into.columns.has(column));
    if (missing.length) problems.push(`${table.name} lacks column(s) ${missing.join(", ")} in the target`);
    if (!table.primaryKey.length) problems.push(`${table.name} has no primary key in the source`);
    else if (table.primaryKey.join(",") !== into.primaryKey.join(",")) {
      problems.push(`${table.name}'s primary key is (${table.primaryKey}) in the source but (${into.primaryKey}) in the target`);
    }
    if (missing.length) continue;
    const columns = table.columns.map((name) => into.columns.get(name) as NonNullable<ReturnType<typeof into.columns.get>>);
    planned.set(table.name, {
      name: table.name,
      columns: table.columns,
      types: columns.map((column) => column.type),
      primaryKey: table.primaryKey,
      sequences: columns.flatMap((column) => (column.sequence ? [{ column: column.name, sequence: column.sequence }] : [])),
      identity: columns.some((column) => column.identity),
      triggers: into.triggers,
    });
  }
  if (problems.length) {
    throw new MigrationRefused(`The target's schema does not match this install:\n  ${problems.join("\n  ")}`);
  }
  const ordered = dependencyOrder([...target.values()].filter((table) => planned.has(table.name)));
  return {
    plans: ordered.map((table) => planned.get(table.name) as TablePlan),
    targetOnly: [...target.keys()].filter((name) => !planned.has(name)).sort(),
  };
}

export const typeOf = (plan: TablePlan, column: string) => plan.types[plan.columns.indexOf(column)] as string;

/** ORDER BY the primary key in byte order on both sides: SQLite's BINARY, PostgreSQL's "C" collation for text. */
export function keyOrder(plan: TablePlan, dialect: "sqlite" | "postgresql"): string[] {
  return plan.primaryKey.map((column) => {
    if (dialect === "sqlite") return `${quoteIdent(column)} COLLATE BINARY`;
    return TEXT_TYPES.test(typeOf(plan, column)) ? `${quoteIdent(column)} COLLATE "C"` : quoteIdent(column);
  });
}
