/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"other":["上限 ",["max"]," 文字を ","#"," 文字超えています"]}]],"ZKZ0co":[["left","plural",{"other":["残り ","#"," 文字"]}]]}',
) as Messages;
