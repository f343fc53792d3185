import {
  require_applicator,
  require_core2 as require_core,
  require_format,
  require_metadata,
  require_validation
} from "./chunk-GAAXE5HZ.js";
import {
  __commonJS
} from "./chunk-27FUKKN2.js";

// ../main/node_modules/ajv/dist/vocabularies/draft7.js
var require_draft7 = __commonJS({
  "../main/node_modules/ajv/dist/vocabularies/draft7.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: !0 });
    var core_1 = require_core(), validation_1 = require_validation(), applicator_1 = require_applicator(), format_1 = require_format(), metadata_1 = require_metadata(), draft7Vocabularies = [
      core_1.default,
      validation_1.default,
      (0, applicator_1.default)(),
      format_1.default,
      metadata_1.metadataVocabulary,
      metadata_1.contentVocabulary
    ];
    exports.default = draft7Vocabularies;
  }
});

export {
  require_draft7
};
