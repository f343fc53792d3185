
// src/core/render/plural.ts
function countOf(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}
function countOfTotal(n, total, noun, verb, tense = "past") {
  let be = tense === "past" ? n === 1 ? "was" : "were" : n === 1 ? "is" : "are";
  return `${n} of ${countOf(total, noun)} ${be} ${verb}`;
}

export {
  countOf,
  countOfTotal
};
