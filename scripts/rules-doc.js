#!/usr/bin/env node
// Writes docs/rules.md, the rule list, from the built registry (run `npm run build` first; `npm run rules-doc`).
// test/unit/rules-list.test.ts fails when the committed file is out of date.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { renderRulesList } = require('../out/scripts/rules-list.js');

fs.mkdirSync(path.join(__dirname, '..', 'docs'), { recursive: true });
fs.writeFileSync(path.join(__dirname, '..', 'docs', 'rules.md'), renderRulesList());
console.log('wrote docs/rules.md');
