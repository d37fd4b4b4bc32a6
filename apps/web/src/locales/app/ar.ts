/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"zero":["#"," حرف فوق الحد البالغ ",["max"]],"one":["حرف واحد فوق الحد البالغ ",["max"]],"two":["حرفان فوق الحد البالغ ",["max"]],"few":["#"," أحرف فوق الحد البالغ ",["max"]],"many":["#"," حرفًا فوق الحد البالغ ",["max"]],"other":["#"," حرف فوق الحد البالغ ",["max"]]}]],"ZKZ0co":[["left","plural",{"zero":["لم يتبقَّ أي حرف"],"one":["يتبقى حرف واحد"],"two":["يتبقى حرفان"],"few":["يتبقى ","#"," أحرف"],"many":["يتبقى ","#"," حرفًا"],"other":["يتبقى ","#"," حرف"]}]]}',
) as Messages;
