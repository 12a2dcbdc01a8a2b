// Runs SQL statements through DuckDB, the consumer snakecube's Parquet
// catalogues are written for, and prints what each returns, as JSON.
//
// Standard input: [{"name": NAME, "sql": SQL}, ...]; the statements run
// in order in one in-memory database, in the current folder, so that a
// file named in the SQL is a file of that folder.
// Standard output: [{"name", "columns": [...], "rows": [[...]...]} or
// {"name", "error"}], the values as DuckDB's JSON conversion gives them
// (large integers as strings).
import { readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

const job = JSON.parse(readFileSync(0, 'utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const out = [];
for (const q of job) {
  try {
    const r = await con.runAndReadAll(q.sql);
    out.push({ name: q.name, columns: r.columnNames(), rows: r.getRowsJson() });
  } catch (e) {
    out.push({ name: q.name, error: String(e && e.message ? e.message : e) });
  }
}
process.stdout.write(JSON.stringify(out));
