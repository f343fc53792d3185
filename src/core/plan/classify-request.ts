// Decides whether a free-text request needs a step plan, with the original step sequencer's rule
// ("how the agent determines multi-step operations"; README, "The CLI", `plan`):
//
//   MULTI_STEP  = action_count >= 3 OR sequential language OR output dependency
//                 OR high scope/risk OR user requests steps OR setup keywords
//   SINGLE_STEP = action_count == 1 AND NOT output dependency AND immediate execution
//   DECISION    = MULTI_STEP ? propose a plan and wait for approval : run as one step
//
// The decision only consults MULTI_STEP: anything else (two unrelated actions, a question) runs as
// one step, as the DECISION line above says. The signals are word-level heuristics for English,
// plus the few Chinese markers the original step-sequencer's own text uses; they err towards
// proposing a plan, because a needless plan costs one approval while a missing one loses
// durability.

export interface RequestSignals {
  /** Clauses that start with an action verb; at least 1 for any non-empty request. */
  actionCount: number;
  sequentialLanguage: boolean;
  outputDependency: boolean;
  highScopeOrRisk: boolean;
  userRequestsSteps: boolean;
  setupKeywords: boolean;
}

export interface RequestClassification {
  multiStep: boolean;
  signals: RequestSignals;
  /** Why, in words a person can check against the request (quoting the words that matched). */
  reasons: string[];
}

type MarkerSignal = Exclude<keyof RequestSignals, 'actionCount'>;

/** A pattern, or a pattern and what to quote instead of the (long) text it matched. */
type Marker = RegExp | [RegExp, string];

const MARKERS: Record<MarkerSignal, { label: string; patterns: Marker[] }> = {
  sequentialLanguage: {
    label: 'sequential language',
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
      [/(?:^|\n)[ \t]*(?:1[.)]|\(1\))[ \t]+\S[\s\S]*\n[ \t]*(?:2[.)]|\(2\))[ \t]+\S/, 'a numbered list'],
      /然后|之后|首先|最后|接着|随后|其次|第一步/,
    ],
  },
  outputDependency: {
    label: 'output dependency',
    patterns: [
      /\bfrom\s+(?:step|stage|phase)\s*#?\s*\w+/i,
      /\b(?:from|of|in)\s+the\s+(?:previous|prior|last|earlier|first|second)\s+(?:step|stage|phase)\b/i,
      /\bwith\s+the\s+(?:results?|outputs?|findings)\b/i,
      /\b(?:using|use|based\s+on)\s+the\s+(?:[\w-]+\s+){0,3}?(?:results?|outputs?|summary|findings|data|report|analysis|research|notes|draft|list)\b/i,
      /\bbased\s+on\s+(?:it|that|this|those|these|them|the\s+above)\b/i,
      /\bthe\s+resulting\b/i,
      /\b(?:use|using|feed|pass)\s+(?:it|them|that|those|the\s+(?:output|outputs|result|results))\s+(?:to|into|as|for|in)\b/i,
      /(?:根据|基于|使用|利用)(?:上一步|前一步|之前|上述|以上)|(?:上一步|前一步)的(?:结果|输出)/,
    ],
  },
  highScopeOrRisk: {
    label: 'high scope or risk',
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
      /迁移|重构|生产环境|部署|删除|全面|研究论文|整个代码库/,
    ],
  },
  userRequestsSteps: {
    label: 'user requests steps',
    patterns: [
      /\bstep[-\s]by[-\s]step\b/i,
      /\bin\s+(?:several\s+|multiple\s+|separate\s+|small\s+|\d+\s+)?(?:steps|stages|phases)\b/i,
      /\bphases\b|\bphase\s*(?:1|one|i)\b/i,
      /\bmulti[-\s]?step\b/i,
      /\b(?:a|the|your|step)\s+plan\b|\bplan\s+(?:first|out|it|this|the\s+work|before)\b/i,
      /\bbreak\s+(?:it|this|that|the\s+\w+\s+)?\s*(?:down|up)\s+into\b/i,
      /\bmilestones?\b/i,
      /步骤|分步|逐步|计划|阶段/,
    ],
  },
  setupKeywords: {
    label: 'setup',
    patterns: [
      /\binstall(?:s|ed|ing)?\b/i,
      /\bset[\s-]up\b/i,
      /\bconfigur(?:e|es|ed|ing)\b/i,
      /\bbootstrap(?:s|ped|ping)?\b/i,
      /\binitiali[sz](?:e|es|ed|ing)\b/i,
      /\bscaffold(?:s|ed|ing)?\b/i,
      /\bprovision(?:s|ed|ing)?\b/i,
      /安装|配置|初始化|搭建/,
    ],
  },
};

/** "don't deploy", "without a plan", "never delete": a negated marker is no signal. */
const NEGATION_BEFORE = /\b(?:no|not|without|don't|do\s+not|never|nor)\s+(?:[\w-]+\s+){0,2}$/i;
const NEGATION_BEFORE_ZH = /(?:不要|不用|无需|不需要|别)$/;

const ACTION_VERBS = new Set(
  `add adjust analyse analyze answer audit automate benchmark book build calculate change check clean collect commit compare
  compile compose compute convert copy create debug define delete deploy describe design do document download draft edit email
  estimate evaluate explain export extract fetch file find fix format gather generate implement import improve install
  investigate list locate look make measure merge migrate monitor move open optimise optimize organise organize outline parse
  plot post prepare produce profile proofread publish pull push read rebase refactor release remove rename reorganize replace
  report research restructure review rewrite run save scaffold scrape search send set ship sort summarise summarize sync tag
  test train translate update upgrade upload validate verify visualize write`.split(/\s+/),
);
const ZH_ACTION =
  /^(?:写|编写|撰写|创建|研究|总结|安装|配置|部署|修复|分析|生成|翻译|测试|发布|删除|更新|整理|收集|比较|下载|上传|搜索|查找|实现|设计|检查|运行|构建|迁移|重构|制作|准备|发送|调研|抓取)/;

/**
 * Verbs that are as often nouns ("test coverage", "design quality"). After the first clause of a
 * sentence, where lists of nouns live, they count only when an object or particle follows.
 */
const NOUN_LIKE_VERBS = new Set(
  `change check commit design document draft email export file import list look measure merge outline plot post profile
  pull push release report review search set sort sync tag test update upload download`.split(/\s+/),
);
const OBJECT_FOLLOWS = /^\s+(?:the|a|an|it|them|this|that|these|those|all|every|each|my|our|your|its|their|some|any|up|out|down|over|back|in|on|to|for|with)\b|^\s*$/i;

/** Words that may precede the verb of an imperative clause. */
const LEADING_FILLER =
  /^(?:please|pls|kindly|and|also|then|now|just|finally|lastly|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|afterwards?|after\s+that|go\s+ahead\s+and|(?:can|could|would|will)\s+you|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to|help\s+me(?:\s+to)?|let's|let\s+us|try\s+to|make\s+sure\s+to|be\s+sure\s+to|\d+[.)]|\(\d+\)|[-*•])[\s,:]*/i;
const LEADING_FILLER_ZH = /^(?:请|帮我|帮忙|麻烦|先|然后|再|并且|并|最后|首先|接着|之后|随后|其次)+/;

const CLAUSE_SPLIT = /[.!?](?=\s|$)|[;:\n]|,|\band\s+then\b|\bthen\b|\band\b|\balso\b|\bafter\s+that\b|\bplus\b|[，。；：！？、]|然后|之后|接着|随后|并且|最后|首先|其次/i;

export function classifyRequest(text: string): RequestClassification {
  const verbs = actionVerbs(text);
  const actionCount = text.trim() === '' ? 0 : Math.max(1, verbs.length);
  const evidence = {} as Record<MarkerSignal, string | null>;
  for (const signal of Object.keys(MARKERS) as MarkerSignal[]) evidence[signal] = findMarker(text, MARKERS[signal].patterns);

  const signals: RequestSignals = {
    actionCount,
    sequentialLanguage: evidence.sequentialLanguage !== null,
    outputDependency: evidence.outputDependency !== null,
    highScopeOrRisk: evidence.highScopeOrRisk !== null,
    userRequestsSteps: evidence.userRequestsSteps !== null,
    setupKeywords: evidence.setupKeywords !== null,
  };
  const reasons: string[] = [];
  if (actionCount >= 3) reasons.push(`${actionCount} actions (${verbs.join(', ')}), 3 or more`);
  for (const signal of Object.keys(MARKERS) as MarkerSignal[]) {
    const found = evidence[signal];
    if (found !== null) reasons.push(`${MARKERS[signal].label} ("${found}")`);
  }
  const multiStep = reasons.length > 0;
  if (!multiStep && actionCount === 0) reasons.push('empty request: nothing to plan');
  else if (!multiStep) {
    const actions = verbs.length > 0 ? `${actionCount} action${actionCount === 1 ? '' : 's'} (${verbs.join(', ')})` : '1 action (no action verb found)';
    reasons.push(`${actions} with no sequencing, output dependency, wide scope or risk, setup, or request for steps: one step`);
  }
  return { multiStep, signals, reasons };
}

/** The verbs that open the request's imperative clauses, in order. */
function actionVerbs(text: string): string[] {
  const verbs: string[] = [];
  // Split on sentence ends first, so each sentence's first clause is known.
  for (const sentence of text.split(/[.!?](?=\s|$)|[;\n。！？；]/)) {
    sentence.split(CLAUSE_SPLIT).forEach((raw, i) => {
      const verb = clauseVerb(raw, i === 0);
      if (verb !== null) verbs.push(verb);
    });
  }
  return verbs;
}

function clauseVerb(raw: string, opensSentence: boolean): string | null {
  let clause = raw.trim();
  for (let previous = ''; previous !== clause;) {
    previous = clause;
    clause = clause.replace(LEADING_FILLER, '').replace(LEADING_FILLER_ZH, '').trim();
  }
  const zh = ZH_ACTION.exec(clause);
  if (zh) return zh[0];
  const word = /^[a-z]+/i.exec(clause)?.[0].toLowerCase();
  if (word === undefined || !ACTION_VERBS.has(word)) return null;
  if (!opensSentence && NOUN_LIKE_VERBS.has(word) && !OBJECT_FOLLOWS.test(clause.slice(word.length))) return null;
  return word === 'set' && /^set[\s-]up\b/i.test(clause) ? 'set up' : word;
}

/** The first non-negated text any pattern matches, or null. */
function findMarker(text: string, markers: Marker[]): string | null {
  for (const marker of markers) {
    const [pattern, shown] = Array.isArray(marker) ? marker : [marker, undefined];
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))) {
      const before = text.slice(Math.max(0, match.index - 40), match.index);
      if (NEGATION_BEFORE.test(before) || NEGATION_BEFORE_ZH.test(before)) continue;
      if (shown !== undefined) return shown;
      const found = match[0].trim().replace(/\s+/g, ' ');
      return found.length > 40 ? `${found.slice(0, 37)}...` : found;
    }
  }
  return null;
}
