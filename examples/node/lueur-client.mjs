#!/usr/bin/env node
// A minimal client of the Lueur engine protocol (docs/protocol.md), in Node.js with no packages.
//
// It starts `lueur engine`, asks for a hint on a position and, when actions
// are given, for the adjudication of those actions; it prints the progress
// reports as they come (stderr) and the answers (stdout).
//
//   node examples/node/lueur-client.mjs POSITION.json [ACTION ...] [--playouts N] [--time-limit S]
//
// LUEUR names the command that starts Lueur (default: "lueur"), e.g.
//   LUEUR=".venv/bin/lueur" node examples/node/lueur-client.mjs examples/positions/wax-eater-sight.json "move N"

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

function parseArguments(argv) {
  const options = { actions: [], playouts: undefined, timeLimit: 1.0, file: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--playouts") options.playouts = Number(argv[++i]);
    else if (arg === "--time-limit") options.timeLimit = Number(argv[++i]);
    else if (options.file === undefined) options.file = arg;
    else options.actions.push(arg);
  }
  if (options.file === undefined) {
    console.error("usage: lueur-client.mjs POSITION.json [ACTION ...] [--playouts N] [--time-limit S]");
    process.exit(2);
  }
  return options;
}

const options = parseArguments(process.argv.slice(2));
const position = JSON.parse(readFileSync(options.file, "utf8"));
const [command, ...commandArgs] = (process.env.LUEUR || "lueur").split(" ");
const engine = spawn(command, [...commandArgs, "engine"], { stdio: ["pipe", "pipe", "inherit"] });

// Every request gets exactly one final line (result or error); we wait for all of them.
const pending = new Set();
let failed = false;

function send(request) {
  pending.add(request.id);
  engine.stdin.write(JSON.stringify(request) + "\n");
}

function describeChoice(choice) {
  // A verdict (the pile's order is known) says more than its probability (1/1 or 0/1): say it first.
  if (choice.verdict === "win") return `wins${choice.turns !== null ? ` in ${choice.turns} turns` : ""} (proven)`;
  if (choice.verdict === "lose") return "loses (proven)";
  if (choice.p_win !== null) return `P(win) = ${choice.p_win} (proven)`;
  if (choice.estimate) return `wins about ${choice.estimate.successes}/${choice.estimate.trials} playouts (estimated)`;
  return "forced";
}

function onResult(line) {
  if (line.id === "hint") {
    const hint = line.result;
    if (hint === null) { console.log(`Hint stopped (${line.stopped}) before an answer`); return; }
    console.log(`Hint for ${hint.decision}:`);
    console.log(`  best: ${hint.best.action}: ${describeChoice(hint.best)}`);
    for (const choice of hint.choices.slice(1)) console.log(`  then: ${choice.action}: ${describeChoice(choice)}`);
    console.log(`  (${hint.method})`);
  } else if (line.id === "apply") {
    const adjudication = line.result;
    console.log(`Adjudication of ${options.actions.join(", ")}:`);
    if (adjudication.refused) {
      console.log(`  refused: ${adjudication.refused}: ${adjudication.reason}`);
      console.log(`  legal instead: ${adjudication.legal.join(", ")}`);
    }
    for (const event of adjudication.events) {
      console.log(`  ${event.text}  [${event.rule}${event.ruling ? "; " + event.ruling : ""}]`);
    }
    console.log(`  outcome: ${adjudication.outcome ?? "the game goes on"}; now: ${adjudication.awaits}`);
  }
}

createInterface({ input: engine.stdout }).on("line", (text) => {
  const line = JSON.parse(text);
  if (line.type === "info") {
    const best = line.best ? `, best so far ${line.best.action}` : "";
    console.error(`[${line.id}] ${line.stage} after ${line.seconds.toFixed(3)} s${best}`);
  } else if (line.type === "warning") {
    console.error(`[${line.id}] warning: ${line.path}: ${line.message}`);
  } else if (line.type === "error") {
    console.error(`[${line.id}] error: ${line.error}: ${line.message}`);
    failed = true;
  } else if (line.type === "result") {
    onResult(line);
  }
  if (line.type === "result" || line.type === "error") {
    pending.delete(line.id);
    if (pending.size === 0) engine.stdin.end(); // end of input: the engine exits once done
  }
});

engine.on("exit", (code) => process.exit(failed || code !== 0 ? 1 : 0));

const hintRequest = { id: "hint", command: "hint", position, time_limit: options.timeLimit };
if (options.playouts !== undefined) hintRequest.playouts = options.playouts;
send(hintRequest);
if (options.actions.length > 0) send({ id: "apply", command: "apply", position, actions: options.actions });
