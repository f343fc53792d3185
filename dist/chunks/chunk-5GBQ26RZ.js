import {
  promptCommand
} from "./chunk-ANOSUW4P.js";
import {
  parsePlanText
} from "./chunk-3N2GOI4J.js";
import {
  scrubJson
} from "./chunk-FOVAUIMP.js";
import {
  agentCommandHelp,
  parseAgentCommand,
  parsePlan
} from "./chunk-O2X2K62E.js";
import {
  isRecord
} from "./chunk-X26RSK32.js";
import {
  ConfigError,
  PlanError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/plan/classify-request.ts
var MARKERS = {
  sequentialLanguage: {
    label: "sequential language",
    patterns: [
      /\bthen\b/i,
      /\bafter\s+(?:that|this|which|doing\s+so|you(?:'ve|\s+have)?\s+\w+)\b/i,
      /\bafterwards?\b/i,
      /\bfollowed\s+by\b/i,
      /\bsubsequently\b/i,
      /\b(?:finally|lastly)\b/i,
      // Only as a clause opener: "the first bug" or "Next.js" say nothing about order.
      /(?:^|[.;:!?]\s+|\n\s*|,\s*)(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|next)\b/i,
      /\bfirst\b[\s\S]*\bsecond\b/i,
      /\bstep\s*(?:#\s*)?(?:1|one)\b/i,
      /\bonce\b[^.;!?\n]{0,60}?\b(?:done|finished|complete(?:d)?|ready|merged|deployed|installed|approved|written|built|created|pass(?:es)?)\b/i,
      /\bwhen\s+(?:that|this|it|you(?:'re|\s+are))\s+(?:is\s+|are\s+)?(?:done|finished|complete)\b/i,
      // A numbered list of at least two items is an explicit order.
      [/(?:^|\n)[ \t]*(?:1[.)]|\(1\))[ \t]+\S[\s\S]*\n[ \t]*(?:2[.)]|\(2\))[ \t]+\S/, "a numbered list"],
      /然后|之后|首先|最后|接着|随后|其次|第一步/
    ]
  },
  outputDependency: {
    label: "output dependency",
    patterns: [
      /\bfrom\s+(?:step|stage|phase)\s*#?\s*\w+/i,
      /\b(?:from|of|in)\s+the\s+(?:previous|prior|last|earlier|first|second)\s+(?:step|stage|phase)\b/i,
      /\bwith\s+the\s+(?:results?|outputs?|findings)\b/i,
      /\b(?:using|use|based\s+on)\s+the\s+(?:[\w-]+\s+){0,3}?(?:results?|outputs?|summary|findings|data|report|analysis|research|notes|draft|list)\b/i,
      /\bbased\s+on\s+(?:it|that|this|those|these|them|the\s+above)\b/i,
      /\bthe\s+resulting\b/i,
      /\b(?:use|using|feed|pass)\s+(?:it|them|that|those|the\s+(?:output|outputs|result|results))\s+(?:to|into|as|for|in)\b/i,
      /(?:根据|基于|使用|利用)(?:上一步|前一步|之前|上述|以上)|(?:上一步|前一步)的(?:结果|输出)/
    ]
  },
  highScopeOrRisk: {
    label: "high scope or risk",
    patterns: [
      /\bmigrat(?:e|es|ed|ing|ion|ions)\b/i,
      /\brefactor(?:ing)?\s+(?:the\s+)?(?:whole|entire|all)\b/i,
      /\bproduction\b/i,
      /\bdeploy(?:s|ed|ing|ment)?\b/i,
      /\bdelet(?:e|es|ed|ing)\b|\bdrop\s+(?:the\s+)?(?:database|table|schema)\b|\brm\s+-rf\b/i,
      /\bacross\s+(?:all|every|the\s+(?:whole|entire))\b/i,
      /\b(?:entire|whole)\s+(?:code\s*base|repo(?:sitory)?|project|system|application|app|monorepo)\b/i,
      /\bresearch\s+paper\b/i,
      /\bcomprehensive\b|\bin-depth\b|\bliterature\s+review\b/i,
      /迁移|重构|生产环境|部署|删除|全面|研究论文|整个代码库/
    ]
  },
  userRequestsSteps: {
    label: "user requests steps",
    patterns: [
      /\bstep[-\s]by[-\s]step\b/i,
      /\bin\s+(?:several\s+|multiple\s+|separate\s+|small\s+|\d+\s+)?(?:steps|stages|phases)\b/i,
      /\bphases\b|\bphase\s*(?:1|one|i)\b/i,
      /\bmulti[-\s]?step\b/i,
      /\b(?:a|the|your|step)\s+plan\b|\bplan\s+(?:first|out|it|this|the\s+work|before)\b/i,
      /\bbreak\s+(?:it|this|that|the\s+\w+\s+)?\s*(?:down|up)\s+into\b/i,
      /\bmilestones?\b/i,
      /步骤|分步|逐步|计划|阶段/
    ]
  },
  setupKeywords: {
    label: "setup",
    patterns: [
      /\binstall(?:s|ed|ing)?\b/i,
      /\bset[\s-]up\b/i,
      /\bconfigur(?:e|es|ed|ing)\b/i,
      /\bbootstrap(?:s|ped|ping)?\b/i,
      /\binitiali[sz](?:e|es|ed|ing)\b/i,
      /\bscaffold(?:s|ed|ing)?\b/i,
      /\bprovision(?:s|ed|ing)?\b/i,
      /安装|配置|初始化|搭建/
    ]
  }
}, NEGATION_BEFORE = /\b(?:no|not|without|don't|do\s+not|never|nor)\s+(?:[\w-]+\s+){0,2}$/i, NEGATION_BEFORE_ZH = /(?:不要|不用|无需|不需要|别)$/, ACTION_VERBS = new Set(
  `add adjust analyse analyze answer audit automate benchmark book build calculate change check clean collect commit compare
  compile compose compute convert copy create debug define delete deploy describe design do document download draft edit email
  estimate evaluate explain export extract fetch file find fix format gather generate implement import improve install
  investigate list locate look make measure merge migrate monitor move open optimise optimize organise organize outline parse
  plot post prepare produce profile proofread publish pull push read rebase refactor release remove rename reorganize replace
  report research restructure review rewrite run save scaffold scrape search send set ship sort summarise summarize sync tag
  test train translate update upgrade upload validate verify visualize write`.split(/\s+/)
), ZH_ACTION = /^(?:写|编写|撰写|创建|研究|总结|安装|配置|部署|修复|分析|生成|翻译|测试|发布|删除|更新|整理|收集|比较|下载|上传|搜索|查找|实现|设计|检查|运行|构建|迁移|重构|制作|准备|发送|调研|抓取)/, NOUN_LIKE_VERBS = new Set(
  `change check commit design document draft email export file import list look measure merge outline plot post profile
  pull push release report review search set sort sync tag test update upload download`.split(/\s+/)
), OBJECT_FOLLOWS = /^\s+(?:the|a|an|it|them|this|that|these|those|all|every|each|my|our|your|its|their|some|any|up|out|down|over|back|in|on|to|for|with)\b|^\s*$/i, LEADING_FILLER = /^(?:please|pls|kindly|and|also|then|now|just|finally|lastly|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|afterwards?|after\s+that|go\s+ahead\s+and|(?:can|could|would|will)\s+you|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to|help\s+me(?:\s+to)?|let's|let\s+us|try\s+to|make\s+sure\s+to|be\s+sure\s+to|\d+[.)]|\(\d+\)|[-*•])[\s,:]*/i, LEADING_FILLER_ZH = /^(?:请|帮我|帮忙|麻烦|先|然后|再|并且|并|最后|首先|接着|之后|随后|其次)+/, CLAUSE_SPLIT = /[.!?](?=\s|$)|[;:\n]|,|\band\s+then\b|\bthen\b|\band\b|\balso\b|\bafter\s+that\b|\bplus\b|[，。；：！？、]|然后|之后|接着|随后|并且|最后|首先|其次/i;
function classifyRequest(text) {
  let verbs = actionVerbs(text), actionCount = text.trim() === "" ? 0 : Math.max(1, verbs.length), evidence = {};
  for (let signal of Object.keys(MARKERS)) evidence[signal] = findMarker(text, MARKERS[signal].patterns);
  let signals = {
    actionCount,
    sequentialLanguage: evidence.sequentialLanguage !== null,
    outputDependency: evidence.outputDependency !== null,
    highScopeOrRisk: evidence.highScopeOrRisk !== null,
    userRequestsSteps: evidence.userRequestsSteps !== null,
    setupKeywords: evidence.setupKeywords !== null
  }, reasons = [];
  actionCount >= 3 && reasons.push(`${actionCount} actions (${verbs.join(", ")}), 3 or more`);
  for (let signal of Object.keys(MARKERS)) {
    let found = evidence[signal];
    found !== null && reasons.push(`${MARKERS[signal].label} ("${found}")`);
  }
  let multiStep = reasons.length > 0;
  if (!multiStep && actionCount === 0) reasons.push("empty request: nothing to plan");
  else if (!multiStep) {
    let actions = verbs.length > 0 ? `${actionCount} action${actionCount === 1 ? "" : "s"} (${verbs.join(", ")})` : "1 action (no action verb found)";
    reasons.push(`${actions} with no sequencing, output dependency, wide scope or risk, setup, or request for steps: one step`);
  }
  return { multiStep, signals, reasons };
}
function actionVerbs(text) {
  let verbs = [];
  for (let sentence of text.split(/[.!?](?=\s|$)|[;\n。！？；]/))
    sentence.split(CLAUSE_SPLIT).forEach((raw, i) => {
      let verb = clauseVerb(raw, i === 0);
      verb !== null && verbs.push(verb);
    });
  return verbs;
}
function clauseVerb(raw, opensSentence) {
  let clause = raw.trim();
  for (let previous = ""; previous !== clause; )
    previous = clause, clause = clause.replace(LEADING_FILLER, "").replace(LEADING_FILLER_ZH, "").trim();
  let zh = ZH_ACTION.exec(clause);
  if (zh) return zh[0];
  let word = /^[a-z]+/i.exec(clause)?.[0].toLowerCase();
  return word === void 0 || !ACTION_VERBS.has(word) || !opensSentence && NOUN_LIKE_VERBS.has(word) && !OBJECT_FOLLOWS.test(clause.slice(word.length)) ? null : word === "set" && /^set[\s-]up\b/i.test(clause) ? "set up" : word;
}
function findMarker(text, markers) {
  for (let marker of markers) {
    let [pattern, shown] = Array.isArray(marker) ? marker : [marker, void 0];
    for (let match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
      let before = text.slice(Math.max(0, match.index - 40), match.index);
      if (NEGATION_BEFORE.test(before) || NEGATION_BEFORE_ZH.test(before)) continue;
      if (shown !== void 0) return shown;
      let found = match[0].trim().replace(/\s+/g, " ");
      return found.length > 40 ? `${found.slice(0, 37)}...` : found;
    }
  }
  return null;
}

// src/core/plan/visible-fences.ts
var HIDING_ELEMENTS = /* @__PURE__ */ new Set([
  "audio",
  "canvas",
  "datalist",
  "dialog",
  "embed",
  "frame",
  "frameset",
  "head",
  "iframe",
  "map",
  "math",
  "noembed",
  "noframes",
  "noscript",
  "object",
  "plaintext",
  "script",
  "select",
  "style",
  "svg",
  "template",
  "textarea",
  "title",
  "video",
  "xmp"
]), VOID_ELEMENTS = /* @__PURE__ */ new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]), HIDING_ATTRIBUTE = /(?:^|\s)(?:hidden|style)(?:\s|=|\/|$)/i, BLOCK_TAGS = "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul", RAW = "raw HTML (GitHub shows it as text, not as a code block)", RAW_UNTIL_BLANK = "raw HTML (GitHub shows it as text, not as a code block; leave a blank line after the HTML tag)", HTML_BLOCKS = [
  { start: /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, interruptsParagraph: !0, hides: RAW },
  { start: /^<!--/, end: /-->/, interruptsParagraph: !0, hides: "an HTML comment" },
  { start: /^<\?/, end: /\?>/, interruptsParagraph: !0, hides: RAW },
  { start: /^<![A-Za-z]/, end: />/, interruptsParagraph: !0, hides: RAW },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, interruptsParagraph: !0, hides: RAW },
  { start: new RegExp(`^</?(?:${BLOCK_TAGS})(?:[\\s>]|/>|$)`, "i"), end: "blank", interruptsParagraph: !0, hides: RAW_UNTIL_BLANK },
  // A whole tag alone on its line. Looser than the spec (any attributes): a line taken for an
  // HTML block hides the fences right after it, which is the safe side.
  { start: /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>\s*$/, end: "blank", interruptsParagraph: !1, hides: RAW_UNTIL_BLANK }
];
function issueFences(body) {
  let lines = body.replace(/\r\n?/g, `
`).split(`
`), html = new HtmlTracker(), out = [], paragraph = !1;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? "";
    if (line.trim() === "") {
      paragraph = !1;
      continue;
    }
    if (indentWidth(line) >= 4 && !paragraph) continue;
    let fence = readFence(lines, i);
    if (fence) {
      out.push({ ...fence.block, hiddenBy: html.hiddenBy() }), i = fence.end, paragraph = !1;
      continue;
    }
    let text = line.trimStart(), kind = HTML_BLOCKS.find((k) => k.start.test(text) && (k.interruptsParagraph || !paragraph));
    if (kind) {
      let j = i;
      if (kind.end === "blank") for (; j + 1 < lines.length && (lines[j + 1] ?? "").trim() !== ""; ) j++;
      else for (; !kind.end.test(lines[j] ?? "") && j + 1 < lines.length; ) j++;
      let raw = lines.slice(i, j + 1);
      for (let k = 0; k < raw.length; k++) {
        let inner = readFence(raw, k);
        inner && (out.push({ ...inner.block, line: inner.block.line + i, hiddenBy: html.hiddenBy() ?? kind.hides }), k = inner.end);
      }
      for (let l of raw) html.scan(l);
      i = j, paragraph = !1;
      continue;
    }
    html.scan(withoutCodeSpans(text)), paragraph = !0;
  }
  return out;
}
function indentWidth(line) {
  let width = 0;
  for (let ch of line)
    if (ch === " ") width++;
    else if (ch === "	") width += 4 - width % 4;
    else break;
  return width;
}
var HtmlTracker = class {
  open = [];
  inComment = !1;
  hiddenBy() {
    if (this.inComment) return "an HTML comment";
    let hiding = this.open.find((e) => e.hides);
    return hiding ? `an HTML <${hiding.name}> element` : null;
  }
  scan(text) {
    let i = 0;
    for (; i < text.length; ) {
      if (this.inComment) {
        let end = text.indexOf("-->", i);
        if (end < 0) return;
        this.inComment = !1, i = end + 3;
        continue;
      }
      let lt = text.indexOf("<", i);
      if (lt < 0) return;
      if (text.startsWith("<!--", lt)) {
        let empty = /^<!---?>/.exec(text.slice(lt, lt + 6));
        empty ? i = lt + empty[0].length : (this.inComment = !0, i = lt + 4);
        continue;
      }
      let gt = text.indexOf(">", lt + 1);
      if (gt < 0) return;
      let nextLt = text.indexOf("<", lt + 1);
      if (nextLt >= 0 && nextLt < gt) {
        i = nextLt;
        continue;
      }
      this.tag(text.slice(lt + 1, gt)), i = gt + 1;
    }
  }
  tag(inside) {
    let m = /^(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(inside);
    if (!m) return;
    let closing = m[1] === "/", name = (m[2] ?? "").toLowerCase();
    if (closing) {
      for (let k = this.open.length - 1; k >= 0; k--)
        if (this.open[k]?.name === name) {
          this.open.length = k;
          return;
        }
      return;
    }
    if (VOID_ELEMENTS.has(name) || inside.endsWith("/")) return;
    let attributes = inside.slice(m[0].length);
    this.open.push({ name, hides: HIDING_ELEMENTS.has(name) || HIDING_ATTRIBUTE.test(attributes) });
  }
};
function withoutCodeSpans(line) {
  let runs = [];
  for (let i = 0; i < line.length; ) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let j = i;
    for (; line[j] === "`"; ) j++;
    runs.push({ start: i, length: j - i }), i = j;
  }
  if (runs.length < 2) return line;
  let next = new Array(runs.length).fill(-1), seen = /* @__PURE__ */ new Map();
  for (let r = runs.length - 1; r >= 0; r--) {
    let length = runs[r].length;
    next[r] = seen.get(length) ?? -1, seen.set(length, r);
  }
  let out = "", from = 0;
  for (let r = 0; r < runs.length; r++) {
    let partner = next[r];
    if (partner < 0) continue;
    let open = runs[r], close = runs[partner];
    out += line.slice(from, open.start) + " ".repeat(close.start + close.length - open.start), from = close.start + close.length, r = partner;
  }
  return out + line.slice(from);
}

// src/core/plan/plan-from-issue.ts
var LANGS = { json: "json", yaml: "yaml", yml: "yaml" };
function planFromIssueBody(body) {
  let firstError, firstHidden;
  for (let block of issueFences(body)) {
    let lang = LANGS[block.info];
    if (!lang) continue;
    let doc;
    try {
      doc = parsePlanText(block.content, lang === "json" ? "block.json" : "block.yaml");
    } catch (err) {
      if (!(err instanceof PlanError)) throw err;
      block.hiddenBy || (firstError ??= describeBlockError(block, err));
      continue;
    }
    if (looksLikePlan(doc)) {
      if (block.hiddenBy) {
        firstHidden ??= `The \`\`\`${block.info} block at line ${block.line} of the issue body is inside ${block.hiddenBy}, so GitHub does not show it as code and it is not used as the plan. Put the plan in a visible fenced block.`;
        continue;
      }
      return { found: !0, doc, lang };
    }
  }
  let error = firstError ?? firstHidden;
  return error ? { found: !0, error } : { found: !1 };
}
function looksLikePlan(doc) {
  return isRecord(doc) && (Object.hasOwn(doc, "steps") || isRecord(doc.plan) && Object.hasOwn(doc.plan, "steps"));
}
function describeBlockError(block, err) {
  let messages = err.issues.map((i) => i.message.replace(/\bline (\d+)/g, (_m, n) => `line ${Number(n) + block.line}`));
  return `The \`\`\`${block.info} block at line ${block.line} of the issue body ${messages.join("; ")}`;
}
function fencedBlocks(body) {
  let lines = body.replace(/\r\n?/g, `
`).split(`
`), blocks = [];
  for (let i = 0; i < lines.length; i++) {
    let fence = readFence(lines, i);
    fence && (blocks.push(fence.block), i = fence.end);
  }
  return blocks;
}
function readFence(lines, i) {
  let open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? "");
  if (!open) return null;
  let [, indent = "", fence = "", rest = ""] = open;
  if (fence[0] === "`" && rest.includes("`")) return null;
  let closing = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`), content = [], j = i + 1;
  for (; j < lines.length && !closing.test(lines[j] ?? ""); j++)
    content.push(stripIndent(lines[j] ?? "", indent.length));
  return { block: { info: (rest.trim().split(/\s+/, 1)[0] ?? "").toLowerCase(), content: content.join(`
`), line: i + 1 }, end: Math.min(j, lines.length - 1) };
}
function stripIndent(line, width) {
  let n = 0;
  for (; n < width && line[n] === " "; ) n++;
  return line.slice(n);
}

// src/core/plan/planning-prompt.ts
var PLAN_FILE_ENV = "SEQUENCER_PLAN_FILE", TITLE_MAX_CHARS = 60, REQUEST_START = "<<<REQUEST", REQUEST_END = "REQUEST>>>";
function planningPrompt(request, schemaText) {
  return [
    "You are drafting a step plan. Plan only: do not carry out any of the work yet, and do not ask questions; where something is unclear, choose a reasonable assumption and write it into the instruction of the step it affects.",
    "",
    `Write the plan as ONE JSON object matching the JSON Schema below, and write ONLY that JSON (no prose, no Markdown fences) to the file named in the environment variable ${PLAN_FILE_ENV}. If you cannot write files, print the JSON object and nothing else.`,
    "",
    "How to write the plan:",
    '- "steps" maps step ids ("step-1", "step-2", ...) to steps, in the order they must run.',
    "- Keep it concise: as few steps as the work needs, each a unit of work that can be retried on its own.",
    '- Each step has a short "title" and a self-contained "instruction": the agent that runs a step sees only that instruction, so name the files earlier steps produced instead of saying "the result above".',
    '- For every deliverable a step produces, list its path in "requiredOutputs", relative to the workspace (no leading "/", no ".."). A step is done only when its exit code is 0 and these files exist.',
    '- Leave out "agent" and "env" unless the request asks for them.',
    "",
    "The request:",
    REQUEST_START,
    request.trim(),
    REQUEST_END,
    "",
    "The JSON Schema of a plan:",
    schemaText.trim()
  ].join(`
`);
}
function planningRetryPrompt(request, schemaText, problems) {
  let listed = problems.length > 0 ? problems.map((p) => `- ${p.path}: ${p.message}`) : ["- (no details were reported)"];
  return [
    `Your previous plan draft was not accepted (${problems.length} problem${problems.length === 1 ? "" : "s"}):`,
    ...listed,
    "",
    `Please troubleshoot and write a corrected plan to the file named in ${PLAN_FILE_ENV}, following the instructions below.`,
    "",
    planningPrompt(request, schemaText)
  ].join(`
`);
}
function singleStepPlan(request) {
  let instruction = request.trim();
  if (instruction === "") throw new ConfigError('request: "" is empty; expected the work to do, e.g. "Summarize README.md into notes/summary.md"');
  let title = shortTitle(instruction);
  return { title, steps: { "step-1": { title, instruction } } };
}
function shortTitle(text) {
  let line = (text.trim().split(`
`, 1)[0] ?? "").replace(/\s+/g, " ").trim(), chars = Array.from(line);
  if (chars.length <= TITLE_MAX_CHARS) return line;
  let cut = chars.slice(0, TITLE_MAX_CHARS - 3).join(""), space = cut.lastIndexOf(" ");
  return `${(space >= TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

// src/adapters/process/plan-drafter.ts
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

// schema/plan.schema.json
var plan_schema_default = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://agent-step-sequencer.dev/schema/plan.schema.json",
  title: "Agent Step Sequencer plan",
  description: 'A multi-step plan for agent-step-sequencer: ordered steps, each with a title, an instruction for the agent, required outputs and validation rules. A plan file may also be a whole state.json (the original step-sequencer format: {"plan": {"steps": ...}, "stepQueue": [...], ...}); its "plan" member then follows this schema. Fields not listed here are refused (a misspelt field would otherwise check nothing); put your own data under names starting with "x-", which are kept untouched. Cross-field rules (stepQueue and onValidationFail name existing steps, routing cannot loop, paths do not leave the workspace with "..", patterns compile) are enforced by `agent-step-sequencer validate`.',
  type: "object",
  patternProperties: { "^x-": !0 },
  additionalProperties: !1,
  required: [
    "steps"
  ],
  properties: {
    $schema: {
      type: "string",
      description: "The schema an editor checks the file with (this file's URL or path). Not part of the plan: it changes neither the plan hash nor the state."
    },
    title: {
      type: "string",
      description: "Human-readable name of the plan."
    },
    steps: {
      type: "object",
      description: "Steps by id. Without stepQueue, steps run in the order written here.",
      minProperties: 1,
      maxProperties: 1e4,
      propertyNames: {
        pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"
      },
      additionalProperties: {
        $ref: "#/$defs/step"
      }
    },
    stepQueue: {
      type: "array",
      description: "Run order: ids of steps, each at most once. Defaults to the order of steps.",
      minItems: 1,
      uniqueItems: !0,
      items: {
        type: "string",
        pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"
      }
    },
    deadline: {
      type: "string",
      format: "date-time",
      pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$",
      description: "RFC 3339 date-time with a time zone, e.g. 2025-01-31T18:00:00Z."
    },
    promptPreamble: {
      anyOf: [{ type: "string" }, { const: !1 }],
      description: "Text put before every step prompt, or false for none. Default: guidance to work unattended (do not stop to ask, retry once, try an alternative, exit non-zero only when truly stuck); none for seed state.json files."
    },
    tools: {
      $ref: "#/$defs/tools",
      description: "Tool policy for every step's attempts (a step's own tools fields replace these)."
    },
    commit: {
      $ref: "#/$defs/commit",
      description: "What every step's completion commit holds, unless the step says otherwise."
    },
    preflight: {
      $ref: "#/$defs/preflight",
      description: "Checks before every attempt of every step; a failure records no attempt and names what is missing."
    },
    groups: {
      type: "object",
      description: "Step groups: consecutive queued steps that run again together when one of them with retry: group fails.",
      propertyNames: { pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" },
      additionalProperties: {
        type: "object",
        additionalProperties: !1,
        required: ["steps"],
        properties: {
          steps: { type: "array", minItems: 1, items: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" }, description: "Consecutive steps of the queue, in order; a step is in one group at most." },
          maxAttempts: { type: "integer", minimum: 1, maximum: 100, description: "Passes through the group, the first included (default 2)." }
        }
      }
    },
    budget: {
      $ref: "#/$defs/budget",
      description: "What all the plan's attempts may spend together, across runs (default: the workflow's budget-usd and budget-tokens inputs). A spent budget blocks the plan until a writer raises it (/approve budget=...)."
    }
  },
  $defs: {
    commit: {
      description: `"all" (default): every file the agent leaves that git does not ignore; "outputs": only the step's requiredOutputs; {"ignore": [globs]}: every file but those matching a glob (relative to the workspace). The state folder is never committed by the agent.`,
      anyOf: [
        { enum: ["all", "outputs"] },
        {
          type: "object",
          additionalProperties: !1,
          required: ["ignore"],
          properties: { ignore: { type: "array", maxItems: 100, items: { type: "string", minLength: 1, maxLength: 300, pattern: "^(?![/:])(?!.*(^|/)\\.\\.(/|$))[^\\u0000-\\u001f\\u007f]+$" } } }
        }
      ]
    },
    budget: {
      type: "object",
      additionalProperties: !1,
      minProperties: 1,
      properties: {
        costUsd: { type: "number", exclusiveMinimum: 0, maximum: 1e6, description: "US dollars, as the agent reports its cost (Claude Code does; Codex and Gemini CLI report none, a usage file may)." },
        tokens: { type: "integer", minimum: 1, maximum: 1e12, description: "Input, output, cache-read and cache-write tokens together." }
      }
    },
    preflight: {
      type: "object",
      additionalProperties: !1,
      properties: {
        tools: { type: "array", maxItems: 50, items: { type: "string", pattern: "^(?=[\\s\\S]*\\S)[^\\u0000-\\u001f\\u007f]{1,200}$" }, description: "Programs that must be found on PATH." },
        env: { type: "array", maxItems: 50, items: { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }, description: "Names of environment variables that must be set (not empty) for the agent." },
        commands: {
          type: "array",
          maxItems: 50,
          items: { type: "array", minItems: 1, items: { type: "string", pattern: "^[^\\u0000]*$" } },
          description: "Commands (argv, no shell) that must exit 0 within 60 s, run in the workspace."
        }
      }
    },
    toolPatterns: {
      type: "array",
      maxItems: 500,
      description: "Patterns over a tool call: a glob (* any characters, ? one) or an anchored RE2 /regex/ (optionally /regex/i), matched as a whole against the tool name (Bash, Edit, WebFetch, exec), Tool(subject) or the subject (the command line, or the file, URL or query).",
      items: { type: "string", minLength: 1, maxLength: 1e3 }
    },
    tools: {
      type: "object",
      additionalProperties: !1,
      properties: {
        maxCalls: { type: "integer", minimum: 0, maximum: 1e6, description: "The most tool calls one attempt may make; every later call is denied, and by default (onExceed: fail) the attempt fails." },
        allow: { $ref: "#/$defs/toolPatterns", description: "A call must match one of these (empty: every call not blocked is allowed)." },
        block: { $ref: "#/$defs/toolPatterns", description: "No call may match these; block wins over allow." },
        via: { enum: ["hook", "exec"], description: "hook (default): the agent CLI's tool hook enforces the policy; exec: the prompt tells the agent to run every command through agent-step-sequencer exec --." },
        onExceed: { enum: ["fail", "deny"], description: "fail (default): an attempt that makes more than maxCalls tool calls fails; deny: later calls are denied and the step may still finish." }
      }
    },
    relativePath: {
      type: "string",
      description: "A path relative to the workspace, on one line; it may not be absolute, leave the workspace, or contain control characters or line breaks.",
      minLength: 1,
      pattern: "^(?![/\\\\])(?![A-Za-z]:)(?=[\\s\\S]*\\S)[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]*$"
    },
    pathList: {
      type: "array",
      items: {
        $ref: "#/$defs/relativePath"
      }
    },
    step: {
      type: "object",
      patternProperties: { "^x-": !0 },
      additionalProperties: !1,
      required: [
        "title"
      ],
      anyOf: [
        { properties: { instruction: !0 }, required: ["instruction"] },
        { properties: { run: !0 }, required: ["run"], description: "A step that runs a command may leave out the instruction." }
      ],
      dependentSchemas: {
        required_outputs: {
          description: "requiredOutputs and its alias required_outputs cannot both be given.",
          properties: {
            requiredOutputs: !1
          }
        }
      },
      properties: {
        title: {
          type: "string",
          pattern: "\\S",
          description: "Short human-readable label."
        },
        instruction: {
          type: "string",
          pattern: "\\S",
          description: "The full instruction handed to the agent."
        },
        requiredOutputs: {
          $ref: "#/$defs/pathList",
          description: "Workspace-relative paths that must exist before the step may be DONE."
        },
        required_outputs: {
          $ref: "#/$defs/pathList",
          description: "Alias of requiredOutputs; use one or the other."
        },
        validate: {
          type: "array",
          items: {
            $ref: "#/$defs/rule"
          },
          description: "Rules checked after the agent exits 0."
        },
        onValidationFail: {
          type: "string",
          pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$",
          description: '"retry" (default), "fail", or the id of another step that remediates this one.'
        },
        maxAttempts: {
          type: "integer",
          minimum: 1,
          maximum: 100
        },
        retryBackoff: {
          type: "integer",
          minimum: 0,
          maximum: 3600,
          description: "Seconds to wait before the first retry of this step; each later retry waits 4 times longer (with jitter, at most 4 hours). 0 retries at once. Default: the retry-backoff-seconds input (30) or STEP_RETRY_BACKOFF (CLI, default 0)."
        },
        attemptTimeoutMinutes: {
          type: "number",
          exclusiveMinimum: 0,
          maximum: 10080
        },
        timeoutMinutes: {
          type: "number",
          exclusiveMinimum: 0,
          maximum: 10080,
          description: "Total time for the step from its first attempt; retries never reset it."
        },
        agent: {
          type: "string",
          pattern: "\\S",
          description: "Agent command for this step only."
        },
        run: {
          type: "array",
          minItems: 1,
          items: {
            type: "string",
            pattern: "^[^\\u0000]*$"
          },
          description: "A command (the program and its arguments, never a shell) that runs instead of an agent; no prompt is added. Not together with agent."
        },
        env: {
          type: "object",
          description: "Extra environment for the agent. Names starting with SEQUENCER_ are reserved.",
          propertyNames: {
            pattern: "^(?!SEQUENCER_)[A-Za-z_][A-Za-z0-9_]*$"
          },
          additionalProperties: {
            type: "string"
          }
        },
        expectPayload: {
          type: "boolean"
        },
        inheritPayload: {
          type: "boolean"
        },
        gate: {
          description: "A human gate: the plan pauses before this step's first attempt until a writer replies /approve (CLI: approve).",
          oneOf: [
            { type: "boolean" },
            {
              type: "object",
              required: ["reason"],
              additionalProperties: !1,
              properties: { reason: { type: "string", pattern: "\\S" } }
            }
          ]
        },
        tools: {
          $ref: "#/$defs/tools",
          description: "Tool policy for this step's attempts; each field given replaces the plan's."
        },
        commit: {
          $ref: "#/$defs/commit",
          description: "What this step's completion commit holds; replaces the plan's commit."
        },
        preflight: {
          $ref: "#/$defs/preflight",
          description: "Checks before each attempt of this step, after the plan's."
        },
        retry: {
          enum: ["step", "group"],
          description: "step (default): a failure retries this step; group: its group (plan groups) runs again from its first step."
        },
        routes: {
          type: "array",
          maxItems: 20,
          description: "After an attempt, the first route whose when holds sends the plan to its goto step (back: the steps from there run again; forward: the steps between are skipped), at most max times (default 3).",
          items: {
            type: "object",
            additionalProperties: !1,
            required: ["when", "goto"],
            properties: {
              when: {
                oneOf: [
                  { type: "object", additionalProperties: !1, required: ["key", "equals"], properties: { key: { type: "string", pattern: "\\S" }, equals: { anyOf: [{ type: "string", maxLength: 4096 }, { type: "number" }, { type: "boolean" }, { type: "null" }] } } },
                  { type: "object", additionalProperties: !1, required: ["rule", "passes"], properties: { rule: { type: "integer", minimum: 0 }, passes: { const: !0 } } },
                  { type: "object", additionalProperties: !1, required: ["rule", "fails"], properties: { rule: { type: "integer", minimum: 0 }, fails: { const: !0 } } }
                ]
              },
              goto: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" },
              max: { type: "integer", minimum: 1, maximum: 100 }
            }
          }
        },
        maxOutputBytes: {
          type: "integer",
          minimum: 1024,
          maximum: 1073741824,
          description: "The most bytes of output (stdout and stderr) an attempt may print; past it the agent is stopped and the attempt ends as overflow."
        },
        onOverflow: {
          type: "string",
          pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$",
          description: '"retry" (default, with a prompt to split the work), "fail", or the id of another step that remediates an overflow.'
        },
        outputTolerance: {
          type: "number",
          minimum: 0,
          exclusiveMaximum: 1,
          description: "Opt-in: up to this fraction of requiredOutputs may be missing and the step is still done, with a warning (0.2: up to 20 %); more fails the attempt, whose retry prompt names the missing ones."
        },
        budget: {
          $ref: "#/$defs/budget",
          description: "What this step's attempts may spend together, across runs; an attempt is stopped when its tokens pass what is left of it."
        }
      }
    },
    rule: {
      type: "object",
      description: "A validation rule: an object with exactly one key naming its kind.",
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: !1,
      properties: {
        file_exists: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The file exists in the workspace.",
          required: [
            "path"
          ],
          properties: {
            path: {
              $ref: "#/$defs/relativePath"
            }
          }
        },
        file_contains: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The file's text matches the pattern.",
          required: [
            "path",
            "pattern"
          ],
          properties: {
            path: {
              $ref: "#/$defs/relativePath"
            },
            pattern: {
              type: "string",
              minLength: 1,
              description: "A regular expression in RE2 syntax (a subset of JavaScript regex: no backreferences or lookaround), matched in linear time; see https://github.com/google/re2/wiki/Syntax."
            },
            flags: {
              type: "string",
              pattern: "^[dgimsuy]*$",
              description: "Regular expression flags: i (ignore case), m (^ and $ match at line breaks), s (. matches newlines), u (implied: RE2 always matches code points); g and d are ignored, y anchors the match at the start of the text."
            }
          }
        },
        json_schema: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The JSON file validates against the schema.",
          required: [
            "path",
            "schema"
          ],
          properties: {
            path: {
              $ref: "#/$defs/relativePath"
            },
            schema: {
              anyOf: [
                {
                  type: "object"
                },
                {
                  $ref: "#/$defs/relativePath"
                }
              ],
              description: "An inline JSON Schema or a workspace-relative path to one."
            }
          }
        },
        payload_has_key: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The step's payload has the key.",
          required: [
            "key"
          ],
          properties: {
            key: {
              type: "string",
              pattern: "\\S",
              description: "A key in the payload the agent reported."
            }
          }
        },
        payload_value_matches: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The payload value at key matches the pattern.",
          required: [
            "key",
            "pattern"
          ],
          properties: {
            key: {
              type: "string",
              pattern: "\\S",
              description: "A key in the payload the agent reported."
            },
            pattern: {
              type: "string",
              minLength: 1,
              description: "A regular expression in RE2 syntax (a subset of JavaScript regex: no backreferences or lookaround), matched in linear time; see https://github.com/google/re2/wiki/Syntax."
            },
            flags: {
              type: "string",
              pattern: "^[dgimsuy]*$",
              description: "Regular expression flags: i (ignore case), m (^ and $ match at line breaks), s (. matches newlines), u (implied: RE2 always matches code points); g and d are ignored, y anchors the match at the start of the text."
            }
          }
        },
        payload_values_equal: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The payload values at these keys are equal.",
          required: [
            "keys"
          ],
          properties: {
            keys: {
              type: "array",
              minItems: 2,
              items: {
                type: "string",
                pattern: "\\S",
                description: "A key in the payload the agent reported."
              }
            },
            step: {
              type: "string",
              pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$",
              description: "Compare with this step's payload."
            }
          }
        },
        command: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The command exits 0.",
          required: [
            "argv"
          ],
          properties: {
            argv: {
              type: "array",
              minItems: 1,
              items: {
                type: "string",
                pattern: "^[^\\u0000]*$"
              },
              description: "The program and its arguments. Run directly, never through a shell."
            },
            timeoutSeconds: {
              type: "number",
              exclusiveMinimum: 0,
              maximum: 604800,
              description: "Seconds before the command is stopped."
            }
          }
        },
        command_output_contains: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "The command's output contains the text.",
          required: [
            "argv",
            "text"
          ],
          properties: {
            argv: {
              type: "array",
              minItems: 1,
              items: {
                type: "string",
                pattern: "^[^\\u0000]*$"
              },
              description: "The program and its arguments. Run directly, never through a shell."
            },
            text: {
              type: "string",
              minLength: 1
            },
            timeoutSeconds: {
              type: "number",
              exclusiveMinimum: 0,
              maximum: 604800,
              description: "Seconds before the command is stopped."
            }
          }
        },
        payload_provenance: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "Every item of the payload list at key is an object with sourceUrl (an http(s) URL) and retrievedAt (an ISO 8601 date-time with a zone, not in the future); with maxAgeDays, none is older than that.",
          required: [
            "key"
          ],
          properties: {
            key: {
              type: "string",
              pattern: "\\S",
              description: "The payload key (a dot path) of the list of items."
            },
            maxAgeDays: {
              type: "number",
              exclusiveMinimum: 0,
              maximum: 3650,
              description: "Items retrieved longer ago than this many days fail the rule."
            }
          }
        },
        db_query: {
          type: "object",
          patternProperties: { "^x-": !0 },
          additionalProperties: !1,
          description: "A read-only query on a SQLite file in the workspace returns a row, or, with expect, a first column equal to it. Needs node:sqlite (Node 22.13 or newer; the Action runs on Node 24).",
          required: [
            "path",
            "query"
          ],
          properties: {
            path: {
              $ref: "#/$defs/relativePath"
            },
            query: {
              type: "string",
              pattern: "\\S",
              maxLength: 1e4,
              description: "One SELECT, WITH or VALUES statement; it may only read."
            },
            expect: {
              anyOf: [
                { type: "string", maxLength: 4096 },
                { type: "number" },
                { type: "boolean" },
                { type: "null" }
              ],
              description: "The value the first column of the first row must have (true and false are 1 and 0)."
            },
            timeoutSeconds: {
              type: "number",
              exclusiveMinimum: 0,
              maximum: 604800,
              description: "Seconds before the query is stopped (default 60)."
            }
          }
        }
      }
    }
  }
};

// src/adapters/process/plan-drafter.ts
var PLAN_SCHEMA_TEXT = JSON.stringify(plan_schema_default, null, 2), MAX_DRAFT_ATTEMPTS = 2, DEFAULT_GRACE_MS = 5e3;
async function draftPlan(o) {
  let source = o.agentSource ?? "agent command", [command, ...args] = promptCommand(o.argv);
  if (!command) throw new ConfigError(`${source}: empty; expected an agent command such as "claude -p"`);
  let program = await o.agent.resolve(command);
  if (!program) throw new ConfigError(`${source}: ${showValue(command)} not found on PATH; expected an installed agent command such as "claude -p"`);
  await mkdir(path.dirname(o.draftFile), { recursive: !0 });
  let problems = [], logs = [];
  for (let attempt = 1; attempt <= MAX_DRAFT_ATTEMPTS; attempt++) {
    let prompt = attempt === 1 ? planningPrompt(o.request, o.schemaText) : planningRetryPrompt(o.request, o.schemaText, problems), logFile = attemptLogFile(o.logFile, attempt);
    logs.push(logFile), await rm(o.draftFile, { force: !0 });
    let result = await o.agent.run({
      argv: [program, ...args, prompt],
      cwd: o.workspace,
      env: { ...o.env, [PLAN_FILE_ENV]: o.draftFile, SEQUENCER_WORKSPACE: o.workspace },
      timeoutMs: o.timeoutMs,
      graceMs: o.graceMs ?? DEFAULT_GRACE_MS,
      logFile,
      stdoutFile: { file: stdoutCopyOf(logFile), maxBytes: DRAFT_STDOUT_MAX_BYTES },
      role: "draft"
    });
    if (result.spawnError) throw new ConfigError(`${source}: ${result.spawnError}`);
    let judged = await judgeDraft(result, o.draftFile, logFile, o.timeoutMs, o.scrub);
    if ("plan" in judged) return { plan: judged.plan, attempts: attempt, draftFile: o.draftFile };
    problems = judged.problems;
  }
  throw new PlanError(problems, `plan drafted by the agent (${MAX_DRAFT_ATTEMPTS} attempts; agent output in ${o.outputShownIn ?? logs.join(", ")})`);
}
async function planFromRequest(o) {
  if (o.request.trim() === "") throw new ConfigError('request: "" is empty; expected the work to do, e.g. "Summarize README.md into notes/summary.md"');
  let { multiStep, reasons } = classifyRequest(o.request);
  if (!multiStep) {
    let plan = singleStepPlan(o.request);
    return { plan: parsePlan(o.scrub ? scrubJson(plan, o.scrub) : plan, "single-step plan"), multiStep, reasons, attempts: 0 };
  }
  let source = o.agentSource ?? "STEP_AGENT_CMD";
  if (o.agentCommand === void 0 || o.agentCommand.trim() === "")
    throw new ConfigError(
      `${source}: not set; a multi-step request (${reasons.join("; ")}) needs an agent to draft the plan: ${agentCommandHelp(o.agentSurface ?? "cli")}, or write the plan yourself.`
    );
  let drafted = await draftPlan({
    request: o.request,
    agent: o.runner,
    argv: parseAgentCommand(o.agentCommand, source),
    agentSource: source,
    workspace: o.workspace,
    draftFile: path.join(o.logDir, "plan-draft.json"),
    logFile: draftLogFile(o.logDir, 1),
    timeoutMs: o.timeoutMs,
    schemaText: PLAN_SCHEMA_TEXT,
    ...o.graceMs !== void 0 ? { graceMs: o.graceMs } : {},
    ...o.outputShownIn !== void 0 ? { outputShownIn: o.outputShownIn } : {},
    ...o.scrub ? { scrub: o.scrub } : {}
  });
  return { plan: drafted.plan, multiStep, reasons, attempts: drafted.attempts };
}
function jsonFromOutput(output) {
  let block = fencedBlocks(output).find((b) => b.info === "json");
  if (block) return block.content;
  let start = output.indexOf("{"), end = output.lastIndexOf("}");
  return start >= 0 && end > start ? output.slice(start, end + 1) : null;
}
async function judgeDraft(result, draftFile, logFile, timeoutMs, scrub) {
  if (result.timedOut) return { problems: [{ path: "agent", message: `did not finish within ${Math.round(timeoutMs / 1e3)} s; expected it to write the plan and exit` }] };
  if (result.exitCode !== 0) {
    let how = result.exitCode === null ? `was ended by ${result.signal ?? "a signal"}` : `exited with code ${result.exitCode}`, last = lastLine(result.stderr) ?? lastLine(result.stdout);
    return { problems: [{ path: "agent", message: `${how}${last ? ` (last output: ${showValue(last)})` : ""}; expected exit code 0 after writing the plan` }] };
  }
  let text, source;
  try {
    text = await readFile(draftFile, "utf8"), source = draftFile;
  } catch (err) {
    if (err.code !== "ENOENT") throw err;
    let found = jsonFromOutput(await fullStdout(result, logFile));
    if (found === null)
      return { problems: [{ path: PLAN_FILE_ENV, message: `no plan was written to ${draftFile} and the agent printed no JSON object; expected the plan as JSON in that file` }] };
    text = found, source = "the JSON in the agent output";
  }
  try {
    let doc = unwrapState(parsePlanText(text, source));
    return { plan: parsePlan(scrub ? scrubJson(doc, scrub) : doc, source) };
  } catch (err) {
    if (err instanceof PlanError) return { problems: err.issues };
    throw err;
  }
}
function unwrapState(doc) {
  if (!isRecord(doc) || Object.hasOwn(doc, "steps") || !isRecord(doc.plan)) return doc;
  let plan = doc.plan;
  return Array.isArray(doc.stepQueue) && plan.stepQueue === void 0 ? { ...plan, stepQueue: doc.stepQueue } : plan;
}
async function fullStdout(result, logFile) {
  return Buffer.byteLength(result.stdout) + Buffer.byteLength(result.stderr) >= result.outputBytes ? result.stdout : readFile(stdoutCopyOf(logFile), "utf8").catch(() => result.stdout);
}
var DRAFT_STDOUT_MAX_BYTES = 16 * 1024 * 1024;
function stdoutCopyOf(logFile) {
  return `${logFile.slice(0, logFile.length - path.extname(logFile).length)}.stdout`;
}
function lastLine(text) {
  return text.trim().split(`
`).pop()?.trim() || void 0;
}
function draftLogFile(logDir, run) {
  return attemptLogFile(path.join(logDir, "plan-draft.log"), run);
}
function attemptLogFile(logFile, attempt) {
  if (attempt === 1) return logFile;
  let ext = path.extname(logFile);
  return `${logFile.slice(0, logFile.length - ext.length)}-${attempt}${ext}`;
}

export {
  classifyRequest,
  planFromIssueBody,
  shortTitle,
  MAX_DRAFT_ATTEMPTS,
  planFromRequest,
  draftLogFile
};
