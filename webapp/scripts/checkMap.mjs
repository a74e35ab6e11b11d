// Fails when a folder of src (or of src/features, or of src/features/batch) is not
// named in README.md's "Where things are", so the map stays true as folders come and go.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webapp = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const readme = fs.readFileSync(path.join(webapp, "README.md"), "utf8");
const map = readme.slice(readme.indexOf("## Where things are"), readme.indexOf("## Sign-in for developers"));

const folders = (dir) =>
  fs
    .readdirSync(path.join(webapp, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const missing = ["src", "src/features", "src/features/batch"].flatMap((dir) =>
  folders(dir)
    .filter((name) => !map.includes(`\`${name}\``))
    .map((name) => `${dir}/${name}`),
);
if (missing.length > 0) {
  console.error(`README.md "Where things are" does not name: ${missing.join(", ")}`);
  process.exit(1);
}
