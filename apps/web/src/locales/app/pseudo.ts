/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," ćĥàŕàćţēŕ ōvēŕ ţĥē ĺĩḿĩţ ōƒ ",["max"]],"other":["#"," ćĥàŕàćţēŕś ōvēŕ ţĥē ĺĩḿĩţ ōƒ ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," ćĥàŕàćţēŕ ĺēƒţ"],"other":["#"," ćĥàŕàćţēŕś ĺēƒţ"]}]]}',
) as Messages;
