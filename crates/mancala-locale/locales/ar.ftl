# صفحة `mancala serve` باللغة العربية.
#
# هذا الفهرس ترجمة للملف en.ftl (الفهرس المرجعي) وله مفاتيحه نفسها بالضبط. نرحّب بتصحيحات
# الناطقين بالعربية في مستودع المشروع: كلمة أفضل للحفرة أو البذرة أو المخزن، أو جملة أكثر طبيعية،
# تغيير مفيد.
#
# حروف الحفر والنقلات (ما عدا «pass») وسلاسل الوضعيات وترميز OGN تبقى كما هي. صيغ الجمع في العربية
# ست: zero (0) وone (1) وtwo (2) وfew (3-10) وmany (11-99) وother (100 وما أشبه).

## The language menu and the page's frame

language-menu = اللغة
settings = الإعدادات
set-theme = الألوان
set-theme-system = كإعداد الجهاز
set-theme-light = فاتحة
set-theme-dark = داكنة
set-motion = رسم النقلات
set-motion-system = كإعداد الجهاز
set-motion-full = بذرة بذرة
set-motion-reduced = دفعة واحدة (حركة أقل)
set-sound = صوت للنقلات والأخذ
nav-play = العب
nav-mirall = المرآة
nav-cups = الحجارة في الأكواب
nav-rules = طريقة اللعب
offline = انقطع الاتصال — جارٍ إعادة المحاولة… لا يمكن لعب أيّ شيء حتى يجيب الخادم من جديد.
connection-lost = انقطع الاتصال — جارٍ إعادة المحاولة…
move-unsent = لم تصل نقلتك { $move } إلى الخادم.
move-unsent-again = العب { $move } مرة أخرى

## Sides and players

side-south = الجنوب
side-north = الشمال
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = مخزن { $side }، { $count ->
    [zero] لا بذور
    [one] بذرة واحدة
    [two] بذرتان
    [few] { $count } بذور
    [many] { $count } بذرة
   *[other] { $count } بذرة
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] حفرتك { $pit }
    [theirs] حفرة الخصم { $pit }
   *[side] حفرة { $side } { $pit }
  }، { $count ->
    [zero] لا بذور
    [one] بذرة واحدة
    [two] بذرتان
    [few] { $count } بذور
    [many] { $count } بذرة
   *[other] { $count } بذرة
  }، { $playable ->
    [yes] يمكن لعبها
   *[no] لا يمكن لعبها
  }
pit-label-hint = ، النقلة المقترحة
pit-label-last = ، آخر نقلة
board-label = اللوحة
board-label-south = اللوحة: صفّ الشمال في الأعلى وصفّ الجنوب في الأسفل
board-label-north = اللوحة: صفّك (صفّ الشمال) في الأسفل وصفّ الجنوب في الأعلى
mirall-board-label = لوحة المرآة
cups-board-label = أكواب في دائرة

## Game names (as players say them) and summaries

game-modiar = موديار
game-mangala-ii = المنقلة التركية
game-oware = أواري
game-kalah = كالاه
game-el-mirall = المرآة
game-stones-in-cups = الحجارة في الأكواب
summary-modiar = لعبة أطفال مغربية على لوحة من 2×3 حفر في كل حفرة 7 بذور: تعود البذرة الأولى إلى الحفرة التي أُفرغت، ولا تُحرَّك البذرة المنفردة، ويمتدّ أخذ 2 أو 4 أو 6 إلى الخلف في سلسلة، ولا تأخذ النقلة الأولى شيئاً، ويجب إطعام الخصم الذي نفدت بذوره، والاكتساح الكبير ممنوع.
summary-mangala-ii = لعبة تركية عثمانية على لوحة من 2×6 حفر في كل حفرة 6 بذور: يبدأ البذر في الحفرة التالية، ويمتدّ أخذ 2 أو 4 أو 6 في أيّ من الصفّين إلى الخلف في سلسلة، ويمرّر دوره من كان صفّه فارغاً، ويستمر اللعب حتى تفرغ اللوحة.
summary-oware = اللعبة الكلاسيكية من غرب إفريقيا (قواعد أبابا) على لوحة من 2×6 حفر في كل حفرة 4 بذور: تتخطّى الدورات حفرة الانطلاق، ويمتدّ أخذ 2 أو 3 في صفّ الخصم إلى الخلف في سلسلة، ويجب إطعام الخصم الذي نفدت بذوره، والاكتساح الكبير لا يأخذ شيئاً، وتنتهي اللعبة حين يملك لاعب أكثر من نصف البذور.
summary-kalah = اللعبة التجارية الأمريكية Kalah(6,4): يبذر كل لاعب مروراً بمخزنه، وإنهاء النقلة فيه يمنح نقلة أخرى، وإنهاؤها في حفرة فارغة من صفّه يأخذها مع الحفرة المقابلة، وتنتهي اللعبة حين يفرغ أحد الصفّين.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2، { $seeds } في كل حفرة)

## Computer levels

level-random = عشوائي (يلعب أيّ نقلة مسموح بها)
level-greedy = نهِم (يأخذ أكبر عدد من البذور فوراً)
level-beginner = مبتدئ (ينظر نقلة واحدة إلى الأمام وكثيراً ما يختار نقلة أضعف)
level-novice = مستجدّ (يرى الردّ على نقلته، ويختار أحياناً نقلة أضعف)
level-intermediate = متوسط (أربع أنصاف نقلات إلى الأمام، ونادراً ما يحيد عن أفضل نقلة)
level-advanced = متقدّم (سبع أنصاف نقلات إلى الأمام، وأفضل نقلاته دائماً)
level-expert = خبير (اثنتا عشرة نصف نقلة إلى الأمام)
level-maximum = أقصى (بأعمق ما يسمح به الوقت المخصّص لكل نقلة، على كل الأنوية)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = عشوائي
level-name-greedy = نهِم
level-name-beginner = مبتدئ
level-name-novice = مستجدّ
level-name-intermediate = متوسط
level-name-advanced = متقدّم
level-name-expert = خبير
level-name-maximum = أقصى

## New game

new-game = لعبة جديدة
ng-game = اللعبة
ng-opponent = الخصم
ng-opponent-engine = الحاسوب
ng-opponent-local = لاعبان على هذه الشاشة
ng-opponent-remote = صديق، عبر رابط
ng-level = المستوى
ng-side = تلعب بـ
ng-side-south = الجنوب (الصفّ السفلي، يبدأ اللعب)
ng-side-north = الشمال (الصفّ العلوي)
ng-hints = يمكن للاثنين استعمال المقترحات والتحليل أثناء اللعبة (يرى صديقك ذلك قبل الانضمام؛ وإلا فهما يُفتحان عند نهاية اللعبة)
ng-start = ابدأ
ng-from = البداية من
ng-from-start = البداية المعتادة
ng-from-position = وضعية تعدّها بنفسك
ng-position = الوضعية
ng-position-help = بذور حفر الجنوب (A، B، …)، ثم حفر الشمال (a، b، …)، ثم البذور التي أخذها الجنوب والشمال، ثم من يلعب: S أو N. البداية هي { $start }.
ng-position-over = في هذه الوضعية انتهت اللعبة بالفعل.
ng-position-to-move = دور { $side }: { $moves }
ng-board-label = الوضعية التي أعددتها

## Your games

your-games = ألعابك
col-game = اللعبة
col-opponent = الخصم
col-turn = الدور أو النتيجة
col-score = النتيجة (الجنوب–الشمال)
col-last = آخر نقلة
col-open = فتح
game-fallback = لعبة
opp-engine = الحاسوب ({ $level })
opp-local = لاعبان على شاشة واحدة
opp-watching = تشاهد شخصين
opp-remote = صديق، عبر رابط
opp-lobby = خصم من الردهة
turn-yours = دورك
turn-computer = دور الحاسوب
turn-friend = دور صديقك
turn-opponent = دور خصمك
to-move = الدور على { $side }
game-you = { $name } (أنت: { $side })
score-pair = { $south }–{ $north }
open-view = عرض
open-resume = متابعة
open-label = { $action } { $name }، { $opponent }

## Import

import-title = استيراد لعبة (OGN)
import-label = سجلّ OGN
import-file = أو ملف:
import-go = استورد وتابع اللعب

## A game

game-title-engine = { $name } ضد الحاسوب ({ $level })
game-title-local = { $name } — لاعبان
game-title-remote = { $name } — شخصان عبر رابط
game-title-lobby = { $name } — لاعبان التقيا في الردهة
game-not-found = اللعبة غير موجودة
missing-new-game = ابدأ لعبة جديدة
invite-link = أرسل هذا الرابط إلى صديقك (يفتح المقعد الآخر مرة واحدة):
copy = نسخ
invite-hints-on = المقترحات والتحليل مفتوحة للاثنين في هذه اللعبة.
invite-hints-off = تبقى المقترحات والتحليل مغلقة حتى تنتهي اللعبة.
undo-agree = موافق
undo-refuse = رفض
undo-asks = يطلب { $side } التراجع عن نقلة.
btn-pass = تمرير
btn-undo = تراجع
btn-hint = اقتراح
btn-resign = استسلام
btn-ogn = تنزيل OGN
btn-analyse = تحليل
btn-new-game = لعبة جديدة
speed = السرعة
hints-off-note = المقترحات والتحليل مغلقة ما دام شخصان يلعبان؛ وتُفتح عند نهاية اللعبة.
hints-on-note = المقترحات والتحليل مفتوحة للاعبَين في هذه اللعبة (اختير ذلك عند إنشائها).
hints-rated-note = المقترحات والتحليل والتراجع مغلقة في اللعبة المصنّفة؛ وتُفتح المقترحات والتحليل عند نهايتها.
undo-over-note = انتهت اللعبة: التراجع معطّل، واللعبة المنتهية لا تُفتح من جديد.
undo-over-title = انتهت اللعبة: لا تراجع في لعبة منتهية
keys-note = المفاتيح: حرف الحفرة يلعبها (كبيراً أو صغيراً)؛ Tab يصل إلى كل حفرة، وEnter أو المسافة يلعبها؛ وP يمرّر الدور حين يجب عليك ذلك.
own-link-summary = العب هذا المقعد على جهاز آخر
own-link = رابطك الخاص (احتفظ به لنفسك):
moves = النقلات
analysis = التحليل
rules-of-game = طريقة لعب { $name }

## Who plays

who-computer = الحاسوب ({ $side })
who-you = أنت ({ $side })
who-friend = صديقك ({ $side })
who-opponent = الخصم ({ $side })
who-person = { $side } (شخص)
watching = أنت تشاهد: { $players }. اللوحة للقراءة فقط.
watching-remote = { $south } ضد { $north }، شخصان يلعبان عبر رابط
watching-lobby = { $south } ضد { $north }، لاعبان التقيا في الردهة
watching-engine = { $south } ضد { $north }
watching-local = الجنوب ضد الشمال، لاعبان على شاشة واحدة
watching-used = استُعملت هذه الدعوة من قبل: إنها تفتح مقعدها مرة واحدة.

## The status line

status-over = انتهت اللعبة: { $result }
status-extra-turn = نقلة إضافية!
status-choose = { $who }: اختر حفرة ({ $moves })
status-must-pass = { $who }: لا يمكن لعب أيّ حفرة، فأنت تمرّر دورك (اضغط تمرير أو P)
status-thinking = الحاسوب يفكّر…
status-waiting-friend = في انتظار صديقك ({ $side })…
status-waiting-opponent = في انتظار خصمك ({ $side })…
status-waiting = في انتظار { $side } ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = يمرّر { $side } دوره
ply-plays = يلعب { $side } { $move }
ply-plays-capturing = يلعب { $side } { $move } ويأخذ { $count }
ply-extra-turn = نقلة إضافية: يلعب { $side } مرة أخرى
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = ، أخذ { $count }
ply-title-extra = ، نقلة إضافية
taken-back-one = أُلغيت نقلة.
taken-back = { $count ->
    [zero] لم تُلغَ أيّ نقلة.
    [one] أُلغيت نقلة واحدة.
    [two] أُلغيت نقلتان.
    [few] أُلغيت { $count } نقلات.
    [many] أُلغيت { $count } نقلة.
   *[other] أُلغيت { $count } نقلة.
  }
undo-asked = طلبتَ من صديقك أن يوافق على إلغاء النقلة.
undo-asked-opponent = طلبتَ من خصمك أن يوافق على إلغاء النقلة.
undo-withdraw = اسحب الطلب
undo-refused = لم يوافق اللاعب الآخر على إلغاء نقلتك.
not-your-turn = ليس دورك.
read-only = أنت تشاهد: هذه اللوحة للقراءة فقط.
resign-confirm = هل تستسلم في هذه اللعبة؟

## Results

result-draw = تعادل { $south }–{ $north }
result-you-win = فزت { $mine }–{ $theirs }
result-you-lost = خسرت { $mine }–{ $theirs }
result-wins = فاز { $winner } { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = استسلمتَ
reason-computer-resigned = استسلم الحاسوب
reason-opponent-resigned = استسلم خصمك
reason-side-resigned = استسلم { $side }
end-no-legal-move = ليست للاعب الذي عليه الدور أيّ نقلة مسموح بها
end-empty-board = اللوحة فارغة
end-row-empty = أحد الصفّين فارغ
end-majority = أخذ أحد اللاعبين أكثر من نصف البذور
end-repetition = تكرّرت وضعية للمرة الثانية
end-max-plies = بُلغ الحدّ الأقصى لعدد النقلات

## Hints and analysis

hint-database = اقتراح: العب { $move } — باللعب المثالي { $lead ->
    [ahead] يفوز { $side } بفارق { $by }
    [behind] يخسر { $side } بفارق { $by }
   *[even] ينتهي { $side } بالتعادل
  } (كل نقلة: { $moves })
hint-search = اقتراح: العب { $move } — بالنظر { $depth } نصف نقلة إلى الأمام، { $lead ->
    [ahead] يتقدّم { $side } بنحو { $by }
    [behind] يتأخّر { $side } بنحو { $by }
   *[even] يتعادل { $side } تقريباً
  }
hint-said = اقتراح: العب { $move }.
analysis-weighing = جارٍ وزن كل نقلة…
analysis-forced = إجبارية
analysis-best = الأفضل
analysis-loses = تخسر { $loss } (الأفضل { $best } { $score })
analysis-mistake = خطأ: { $note }
analysis-exact = دقيق
analysis-depth = { $depth ->
    [zero] { $depth } نصف نقلة
    [one] نصف نقلة
    [two] نصفا نقلة
    [few] { $depth } أنصاف نقلات
    [many] { $depth } نصف نقلة
   *[other] { $depth } نصف نقلة
  }
analysis-side = { $side }: { $mistakes ->
    [zero] لا أخطاء
    [one] خطأ واحد
    [two] خطآن
    [few] { $mistakes } أخطاء
    [many] { $mistakes } خطأً
   *[other] { $mistakes } خطأ
  }، { $lost ->
    [zero] لا بذور مفقودة
    [one] بذرة واحدة مفقودة
    [two] بذرتان مفقودتان
    [few] { $lost } بذور مفقودة
    [many] { $lost } بذرة مفقودة
   *[other] { $lost } بذرة مفقودة
  }
analysis-how-deep = بُحثت كل نقلة بعمق { $depth ->
    [zero] { $depth } نصف نقلة
    [one] نصف نقلة
    [two] نصفي نقلة
    [few] { $depth } أنصاف نقلات
    [many] { $depth } نصف نقلة
   *[other] { $depth } نصف نقلة
  }
analysis-how-deep-db = بُحثت كل نقلة بعمق { $depth ->
    [zero] { $depth } نصف نقلة
    [one] نصف نقلة
    [two] نصفي نقلة
    [few] { $depth } أنصاف نقلات
    [many] { $depth } نصف نقلة
   *[other] { $depth } نصف نقلة
  }، وبدقة حيث تغطي قاعدة بيانات الوضعية
analysis-how = وُزنت كل نقلة
analysis-summary = { $how }؛ النتائج هي فارق النتيجة النهائية الذي كان يمكن للاعب المتحرّك أن يتوقّعه. { $south }؛ { $north }.

## The solitaires: shared

btn-reset = إعادة
btn-back = رجوع
btn-step = خطوة
btn-auto = لعب تلقائي
btn-pause = إيقاف مؤقت
moves-count = النقلات:
counts-title = النقلات حتى تعود البداية
counts-mark = المميَّزة
counts-mark-note = الخانات هي الأعداد المطبوعة في النص الأصلي للعبة (✓ حين يوافقها العدّ هنا، ✗ حين يخالفها؛ ? حين لم يُعدّ في الوقت الذي تنتظره الصفحة).
counting = جارٍ العدّ…
not-counted = لم يُعدّ في الوقت
not-counted-seed = لم يُعدّ في الوقت؛ المصدر يعطي { $seed }
seed-gives = المصدر يعطي { $seed }
size-wrong = يجب أن يكون { $field } عدداً صحيحاً من { $min } إلى { $max }، لا { $value }
size-empty = يجب أن يكون { $field } عدداً صحيحاً من { $min } إلى { $max } (الخانة فارغة)
size-not-number = يجب أن يكون { $field } عدداً صحيحاً من { $min } إلى { $max } (هذا ليس عدداً)
auto-cannot = لا يستطيع اللعب التلقائي إنهاء هذا الحجم هنا: { $why }
auto-too-long = لا يستطيع اللعب التلقائي إنهاء هذا الحجم هنا: لا تعود البداية إلا بعد { $cycle ->
    [zero] { $cycle } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $cycle } نقلات
    [many] { $cycle } نقلة
   *[other] { $cycle } نقلة
  } (تلعب الصفحة { $limit } على الأكثر)؛ والزرّ «خطوة» يعرض النقلات واحدة واحدة.

## El mirall

mirall-summary = يتحرّك الصفّان معاً، كلٌّ منهما صورة الآخر في المرآة: يبذر الجنوب أقصى حفرة غير فارغة إلى يساره نحو اليمين، ويبذر الشمال أقصى حفرة إلى يمينه نحو اليسار. متى يعود الصفّان إلى البداية؟
m-pits = الحفر
m-seeds = البذور
m-mode = الوضع
m-mode-watch = شاهد اللعب
m-mode-duo = لاعبان (كلٌّ يبذر صفّه)
m-mode-link = لاعبان على جهازين (رابط)
m-duo-help = يبذر كل لاعب صفّه بالمفتاح المعروض بجانب كل حفرة من حفره (الشمال: Q W E ...، الجنوب: Z X C ...) أو بلمسها. تقع النقلة حين يبذر كلاهما الحفرة الصحيحة؛ حاولا أن تبقيا على الإيقاع نفسه.
m-link-send = أرسل هذا الرابط إلى اللاعب الآخر، الذي يلعب بالشمال (الصفّ العلوي):
m-rows-note = الأسطر: الحفر في الصفّ؛ الأعمدة: البذور في الحفرة.
m-back-at-start = عاد الصفّان إلى البداية بعد { $moves ->
    [zero] { $moves } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $moves } نقلات
    [many] { $moves } نقلة
   *[other] { $moves } نقلة
  }.
m-status-link-sown = النقلة { $move }: لقد بذرت؛ في انتظار { $other }.
m-status-link-sow-south = النقلة { $move }: ابذر أقصى حفرة غير فارغة إلى يسارك.
m-status-link-sow-north = النقلة { $move }: ابذر أقصى حفرة غير فارغة إلى يمينك.
m-status-link-sow-south-other = النقلة { $move }: ابذر أقصى حفرة غير فارغة إلى يسارك (بذر { $other }).
m-status-link-sow-north-other = النقلة { $move }: ابذر أقصى حفرة غير فارغة إلى يمينك (بذر { $other }).
m-status-duo = النقلة { $move }: على الجنوب أن يجد أقصى حفرة غير فارغة إلى يساره، وعلى الشمال أقصى حفرة إلى يمينه.
m-status-watch = النقلة { $move }: يبذر الجنوب { $south }، ويبذر الشمال { $north }.
m-result = العودة إلى البداية بعد { $moves ->
    [zero] { $moves } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $moves } نقلات
    [many] { $moves } نقلة
   *[other] { $moves } نقلة
  }.
m-result-differs = (بالعدّ من البداية، تستغرق الدورة الكاملة { $cycle ->
    [zero] { $cycle } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $cycle } نقلات
    [many] { $cycle } نقلة
   *[other] { $cycle } نقلة
  }.)
m-result-duo = معاً في { $secs } ث؛ الأخطاء: الجنوب { $south }، الشمال { $north }؛ وبفارق { $gap ->
    [zero] { $gap } مللي ثانية
    [one] مللي ثانية واحدة
    [two] مللي ثانيتين
    [few] { $gap } مللي ثوانٍ
    [many] { $gap } مللي ثانية
   *[other] { $gap } مللي ثانية
  } في المتوسط.
m-no-such-pit = ليست لـ { $side } هذه الحفرة.
m-south-must = على الجنوب أن يبذر { $want }، لا { $pit }: { $why }
m-north-must = على الشمال أن يبذر { $want }، لا { $pit }: { $why }
m-south-why-first = إنها أقصى حفرة إلى يساره وفيها بذور
m-south-why = إنها أقصى حفرة إلى يساره فيها بذور (الفارغة: { $empty })
m-north-why-first = إنها أقصى حفرة إلى يمينه وفيها بذور
m-north-why = إنها أقصى حفرة إلى يمينه فيها بذور (الفارغة: { $empty })
m-pit-empty = ؛ { $pit } فارغة
m-stats = النقلات معاً: { $moves }. الأخطاء: الجنوب { $south }، الشمال { $north }. متوسط الفارق بين بذركما: { $gap ->
    [zero] { $gap } مللي ثانية
    [one] مللي ثانية واحدة
    [two] مللي ثانيتان
    [few] { $gap } مللي ثوانٍ
    [many] { $gap } مللي ثانية
   *[other] { $gap } مللي ثانية
  }.
m-you-play-south = تلعب بالجنوب، الصفّ السفلي: المس حفرتك أو اضغط مفتاحها.
m-you-play-north = تلعب بالشمال، الصفّ العلوي: المس حفرتك أو اضغط مفتاحها.
m-watching = أنت تشاهد: ليس لهذا المتصفح مقعد في هذه اللعبة.
m-link-result = العودة إلى البداية بعد { $moves ->
    [zero] { $moves } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $moves } نقلات
    [many] { $moves } نقلة
   *[other] { $moves } نقلة
  }، معاً في { $secs } ث.
m-your-row-south = تلعب صفّ الجنوب (السفلي).
m-your-row-north = تلعب صفّ الشمال (العلوي).

## Stones in cups

cups-summary = الأكواب مصفوفة في دائرة. أفرغ الكوب 0 وابذر حجارته في اتجاه عقارب الساعة، حجراً في كل كوب؛ ثم أفرغ الكوب الذي سقط فيه آخر حجر، وهكذا. كم نقلة تلزم حتى يستعيد كل كوب حجارته ويعود الدور إلى الكوب 0؟
c-cups = الأكواب
c-stones = الحجارة
c-guess = تخمينك
c-guess-placeholder = كم نقلة؟
c-guess-go = خمّن ثم شغّل
c-rows-note = الأسطر: الحجارة في الكوب (k)؛ الأعمدة: الأكواب (n).
c-back-at-start = عادت البداية
c-next = التالي: الكوب { $cup }
c-size = { $cups ->
    [one] كوب واحد
    [two] كوبان
    [few] { $cups } أكواب
    [many] { $cups } كوباً
   *[other] { $cups } كوب
  } × { $stones }
c-done = العودة إلى البداية بعد { $moves ->
    [zero] { $moves } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $moves } نقلات
    [many] { $moves } نقلة
   *[other] { $moves } نقلة
  }.
c-status = النقلة { $move }: أفرغ الكوب { $cup } ({ $stones ->
    [zero] لا أحجار
    [one] حجر واحد
    [two] حجران
    [few] { $stones } أحجار
    [many] { $stones } حجراً
   *[other] { $stones } حجر
  }) وابذر في اتجاه عقارب الساعة.
c-engine-counts = (بالعدّ من البداية، تستغرق الدورة الكاملة { $cycle ->
    [zero] { $cycle } نقلة
    [one] نقلة واحدة
    [two] نقلتين
    [few] { $cycle } نقلات
    [many] { $cycle } نقلة
   *[other] { $cycle } نقلة
  }.)
c-guess-right = تخمينك، { $guess }، كان صحيحاً!
c-guess-few = كان تخمينك { $guess }: أقلّ بـ { $by }.
c-guess-many = كان تخمينك { $guess }: أكثر بـ { $by }.
c-guess-first = أدخل تخمينك أولاً: عدداً صحيحاً من النقلات.
c-guess-running = تخمينك: { $guess ->
    [zero] { $guess } نقلة
    [one] نقلة واحدة
    [two] نقلتان
    [few] { $guess } نقلات
    [many] { $guess } نقلة
   *[other] { $guess } نقلة
  }. جارٍ التشغيل…

## How to play (the rules pages)

rules-title = طريقة اللعب
rules-game = قواعد
rules-loading = جارٍ تحميل القواعد…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = الطلب ليس ما يقبله هذا العنوان: { $detail }
error-body-too-large = الطلب كبير جداً: { $max } بايت على الأكثر.
error-not-json = يجب أن يُرسل الطلب بصيغة JSON.
error-unknown-game = لعبة غير معروفة «{ $game }».
error-bad-game = لا يمكن لعب اللعبة «{ $game }»: { $detail }
error-bad-position = لا يمكن استعمال الوضعية «{ $position }»: { $detail }
error-unknown-level = مستوى غير معروف «{ $level }» (المستويات: { $levels }).
error-bad-side = طرف غير معروف «{ $side }»: استعمل south أو north.
error-bad-opponent = خصم غير معروف «{ $opponent }»: استعمل engine أو local أو remote.
error-level-needs-engine = لا يُختار المستوى إلا في لعبة ضد الحاسوب.
error-hints-choice-needs-link = لا تُختار المقترحات إلا في لعبة مع صديق عبر رابط.
error-bad-record = لا يمكن قراءة سجلّ اللعبة: { $detail }
# ما الخطأ في سجلّ لعبة.
record-syntax-tag-no-name = السطر { $line }: الوسم يحتاج إلى اسم، مثل [Name "value"]
record-syntax-tag-not-quoted = السطر { $line }: قيمة الوسم { $tag } يجب أن تكون بين علامتي تنصيص مزدوجتين
record-syntax-tag-unclosed = السطر { $line }: قيمة الوسم { $tag } بلا علامة تنصيص ختامية
record-syntax-tag-escape = السطر { $line }: في الوسم { $tag } لا يُهرَّب إلا \" و \\
record-syntax-tag-no-bracket = السطر { $line }: الوسم { $tag } يحتاج إلى ']' بعد قيمته
record-syntax-tag-after-moves = السطر { $line }: وسم بعد النقلات
record-syntax-tag-twice = السطر { $line }: الوسم { $tag } مذكور مرتين
record-syntax-after-result = السطر { $line }: «{ $text }» بعد النتيجة «{ $result }»
record-syntax-capture-mark = السطر { $line }: «{ $text }»: علامة الأسر هي '+' وعدد من البذور (مثل b+2)
record-syntax-not-a-move = السطر { $line }: «{ $text }» ليست نقلة (حرف حفرة، أو تمرير)
record-syntax-empty = السجلّ فارغ: لا أوسمة ولا نقلات
record-syntax-result-tag = السطر { $line }: «{ $tag }» في وسم Result ليست نتيجة (*، أو نقاط مثل 25-19)
record-syntax-result-differs = السطر { $line }: وسم Result يقول «{ $tag }» لكن النقلات تنتهي بـ«{ $result }»
record-syntax-comment-unclosed = السطر { $line }: تعليق فُتح بـ'{"{"}' ولم يُغلق بـ'{"}"}'
record-fen = وسم FEN: { $why }
record-variant = السجلّ للعبة { $record }، لا للعبة { $rules }
record-move = النقلة { $number } («{ $text }»): { $why }
record-capture-mark = النقلة { $number } («{ $text }») معلَّمة بأنها تأسر { $marked }، لكنها تأسر { $actual }
record-result = النتيجة «{ $result }» لا توافق النقلات، التي تنهي اللعبة بـ{ $actual }
record-unknown-variant = «{ $tag }» في وسم Variant ليست لعبة يقدّمها هذا الموقع
record-no-variant = ليس في السجلّ وسم Variant يسمّي اللعبة
record-game-tag = «{ $tag }» في وسم Game ليست لعبة يقدّمها هذا الموقع
record-no-game-tag = ليس في السجلّ وسم Game، فهو إذن لعبة { $name } على لوحتها المعتادة ({ $pits } حفر في الصف، { $seeds } بذور في الحفرة)، لا { $tag }
record-resigner = وسم Termination «{ $tag }» لا يقول من استسلم (الجنوب أو الشمال)
record-resigned-after-end = يقول السجلّ إن { $side } استسلم، لكن اللعبة كانت قد انتهت
record-stopped-after-end = وسم Termination يقول «{ $tag }»، لكن اللعبة كانت قد انتهت
record-unfinished-other-winner = النتيجة «{ $result }» خاطئة: { $side } استسلم، فالطرف الآخر هو الفائز
record-unfinished-other-winner-on-time = النتيجة «{ $result }» خاطئة: { $side } خسر بانتهاء وقته، فالطرف الآخر هو الفائز
record-unfinished-no-termination = النتيجة «{ $result }»، لكن النقلات لا تنهي اللعبة ولا يوجد وسم Termination يقول كيف انتهت
record-unfinished-final-score = «{ $result }» نتيجة نهائية، لكن النقلات لا تنهي اللعبة (اكتب * للعبة جارية)
record-too-large = حجم السجلّ { $bytes } بايت؛ لا يتجاوز السجلّ 1 ميبيبايت
# ما الخطأ في وضعية.
position-field-count = وضعية هذه اللعبة من { $expected } أجزاء تفصل بينها '-'، وهذه فيها { $found }
position-not-a-number = الجزء { $index }: «{ $value }» ليس عددًا صحيحًا
position-too-large = الجزء { $index }: { $value } أكثر مما تسعه حفرة (255)
position-side = الجزء { $index }: «{ $value }» ليس S ولا N (صاحب الدور)
position-total = مجموع البذور { $found }، لكن في اللعبة { $expected }
position-pit-count = في اللعبة { $pits } حفر في الصف، وفي الوضعية { $found } حفرة
position-odd-captures = أخذ { $side } { $captured }، وهو عدد فردي؛ كل أخذ في هذه اللعبة عدد زوجي من البذور، فلا تبلغ أي مباراة هذه الوضعية
error-no-route = لا شيء هنا: { $path }
error-method-not-allowed = { $method } غير مسموح به على { $path }.
error-no-game = لا توجد لعبة «{ $id }».
error-token-required = يتطلّب هذا رمز مقعد من مقاعد اللعبة.
error-token-rejected = هذا الرمز لا يمنح أيّ مقعد في هذه اللعبة.
error-invitation-used = استُعملت هذه الدعوة من قبل: إنها تفتح مقعدها مرة واحدة.
error-no-seats = مقعدا هذه اللعبة كلاهما مشغولان.
error-hints-closed = المقترحات والتحليل مغلقة في هذه اللعبة حتى تنتهي.
error-game-over = انتهت اللعبة.
error-game-resigned = انتهت اللعبة: استسلم { $side }.
error-not-your-turn = ليس دورك: الدور على { $side }.
error-engine-turn = الحاسوب يلعب بـ { $side }: الدور دوره.
error-not-a-move = «{ $text }» ليست نقلة: سمِّ حفرة بحرفها، أو مرّر دورك.
error-no-such-pit = لا توجد حفرة { $pit } (الحفر: { $pits }).
error-illegal-move = لا يمكن لعب { $move } الآن: { $reason } (النقلات المسموح بها: { $legal }).
error-resign-other-side = أنت تلعب بـ { $side }، لا بـ { $asked }: لا يمكنك الاستسلام إلا عن طرفك.
error-resignation-final = الاستسلام نهائي.
error-nothing-to-undo = لا توجد نقلة للتراجع عنها.
error-no-own-move-to-undo = لم تلعب أيّ نقلة للتراجع عنها.
error-undo-pending = هناك طلب تراجع عن نقلة ينتظر الجواب من قبل.
error-no-undo-asked = لم يطلب أحد التراجع عن نقلة.
error-no-legal-move = لا توجد أيّ نقلة مسموح بها.
error-no-moves-yet = لم تُلعب أيّ نقلة بعد.
error-size-out-of-range = يجب أن يكون { $field } من { $min } إلى { $max }، لا { $value }.
error-count-too-long = عدّ هذا الحجم يستغرق أطول مما تنتظره الصفحة
error-mirall-over = انتهت لعبة المرآة هذه: عاد الصفّان كلاهما إلى البداية.
error-mirall-wait = لقد بذرت؛ انتظر اللاعب الآخر.
error-mirall-other-row = الحفرة { $pit } في الصفّ الآخر: أنت تلعب بـ { $side }.
error-not-a-pit = «{ $text }» ليست حفرة.
error-wrong-host = هذا الخادم لا يجيب عن المضيف «{ $host }».
error-no-host = الطلب لا يذكر أيّ مضيف.
error-stale-version = كانت اللعبة قد تقدّمت (كان هذا لوضع سابق، أو سبق تنفيذه): تعرض اللوحة الآن حالتها الحالية.
error-future-version = كانت صفحتك غير متزامنة مع اللعبة (أشارت إلى حالة لم تبلغها اللعبة بعد): تعرض اللوحة الآن حالتها الحالية.
error-database-unavailable = قاعدة البيانات لا تجيب: لم يتغيّر شيء؛ جارٍ إعادة الاتصال…
error-server-busy = الخادم مشغول: حاول من جديد بعد لحظة.
error-too-many-games = ألعاب جديدة كثيرة في وقت قصير: حاول من جديد بعد { $seconds ->
    [zero] { $seconds } ثانية
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
  }.
error-uri-too-long = العنوان أطول مما يقبله الخادم.
error-headers-too-large = ترويسات الطلب أكبر مما يقبله الخادم.
error-server-error = أخفق الخادم: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = لا يجوز التمرير إلا حين لا يمكن لعب أيّ حفرة
reason-not-your-pit = هذه الحفرة ليست في صفّك
reason-empty-pit = هذه الحفرة فارغة
reason-too-few-seeds = أقلّ عدد من البذور تُلعب به الحفرة هو { $min }، وفي هذه الحفرة { $held }
reason-grand-slam = ستأخذ كل بذور الخصم (اكتساح كبير)
reason-must-feed = صفّ الخصم فارغ وهذه النقلة لا تعطيه بذوراً
reason-not-allowed = القواعد لا تسمح بذلك

## Clocks, draw offers and rematches between two people
ng-clock = الساعة
clock-none = بلا ساعة
clock-live = { $minutes ->
    [zero] { $minutes } دقيقة
    [one] دقيقة واحدة
    [two] دقيقتان
    [few] { $minutes } دقائق
    [many] { $minutes } دقيقة
   *[other] { $minutes } دقيقة
  } + { $seconds ->
    [zero] { $seconds } ثانية
    [one] ثانية واحدة
    [two] ثانيتان
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
  } لكل نقلة
clock-days = { $days ->
    [zero] { $days } يوم لكل نقلة
    [one] يوم لكل نقلة
    [two] يومان لكل نقلة
    [few] { $days } أيام لكل نقلة
    [many] { $days } يومًا لكل نقلة
   *[other] { $days } يوم لكل نقلة
}
clock-days-left = { $days } ي { $hours } س
clock-label = ساعة { $side }: { $time }
clock-low = بقي لـ{ $side } أقل من عشر ثوانٍ.
clock-start = على { $side } أن يلعب نقلته الأولى خلال { $seconds ->
    [zero] { $seconds } ثانية
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
  }، وإلا أُلغيت اللعبة.
btn-draw = اعرض التعادل
draw-offered = عُرض التعادل
draw-asks = يعرض { $side } التعادل.
draw-accept = اقبل التعادل
draw-decline = ارفض
draw-offered-waiting = عرضتَ التعادل؛ في انتظار جواب اللاعب الآخر.
draw-withdraw = اسحب العرض
draw-declined = رفض اللاعب الآخر عرضك للتعادل.
draw-agreed-said = انتهت اللعبة بالتعادل باتفاق الطرفين.
btn-rematch = مباراة ثأرية
rematch-accept = اقبل المباراة الثأرية
rematch-offered = عرضتَ مباراة ثأرية؛ في انتظار جواب اللاعب الآخر.
rematch-asks = يعرض { $side } مباراة ثأرية مع تبادل الجهتين.
rematch-agreed = قُبلت المباراة الثأرية: تبادل اللاعبان الجهتين.
rematch-open = العب المباراة الثأرية
result-aborted = أُلغيت اللعبة: لم تأتِ نقلة أولى في وقتها. لا نتيجة.
reason-your-time = انتهى وقتك
reason-their-time = انتهى وقت خصمك
reason-side-time = انتهى وقت { $side }
end-draw-agreed = تعادل باتفاق الطرفين
error-game-stopped = انتهت اللعبة: { $how ->
    [time-forfeit] انتهى وقت { $side }.
    [abandoned] غادر { $side } اللعبة فطالب خصمه بالفوز.
    [draw-agreed] انتهت بالتعادل باتفاق الطرفين.
   *[aborted] أُلغيت قبل أن تبدأ.
}
error-bad-clock = الساعة «{ $clock }» غير صالحة ({ $detail }): اكتب دقائق+ثوانٍ مثل 3+2، أو أيامًا لكل نقلة مثل 2d.
error-clock-needs-people = الساعة للعبة بين شخصين فقط.
error-needs-people = عروض التعادل والمباريات الثأرية بين شخصين.
error-no-draw-offer = لم يعرض أحد التعادل.
error-draw-pending = عرضتَ التعادل من قبل؛ في انتظار جواب اللاعب الآخر.
error-rematch-needs-end = تُعرض المباراة الثأرية بعد انتهاء اللعبة.
error-rematch-pending = عرضتَ مباراة ثأرية من قبل؛ في انتظار جواب اللاعب الآخر.

## The lobby
nav-lobby = الردهة
lb-title = الردهة
lb-intro = العب مع شخص جديد: اقبل تحديًا مفتوحًا، أو افتح تحديًا وانتظر هنا، أو العب مع أي شخص يطلب اللعبة نفسها والساعة نفسها.
lb-side = جهتك
lb-side-random = عشوائيًا
lb-create = افتح تحديًا
lb-seek = العب مع أي شخص
lb-cancel = اسحبه
lb-open = التحديات المفتوحة
lb-col-game = اللعبة
lb-col-side = جهته
lb-accept = اقبل
lb-accept-label = اقبل التحدي: { $game }، { $clock }
lb-none = لا تحدي مفتوحًا الآن: افتح تحديًا، أو العب مع أي شخص وانتظر شريكًا هنا.
lb-playing = ألعاب جارية
lb-games-none = لا لعبة جارية بين شخصين.
lb-waiting = تحدّيك مفتوح ({ $game }، { $clock }): أبقِ هذه الصفحة مفتوحة حتى يقبله أحد.
lb-watch = شاهد: { $game }، { $clock }، عدد النقلات: { $plies }
lb-made = تحدّيك مفتوح.
lb-yours = تحدّيك
error-no-challenge = لم يعد هذا التحدي مفتوحًا: سُحب، أو غادر صاحبه.
error-challenge-taken = قبل شخص آخر هذا التحدي قبلك.
error-own-challenge = هذا تحدّيك أنت: انتظر هنا حتى يقبله أحد.
error-too-many-challenges = { $max ->
    [zero] لديك { $max } تحدٍّ مفتوح بالفعل: اسحب أحدها أو انتظر حتى يقبل أحدٌ أحدها.
    [one] لديك تحدٍّ مفتوح بالفعل: اسحبه أو انتظر حتى يقبله أحد.
    [two] لديك تحدّيان مفتوحان بالفعل: اسحب أحدهما أو انتظر حتى يقبل أحدٌ أحدهما.
    [few] لديك { $max } تحدّيات مفتوحة بالفعل: اسحب أحدها أو انتظر حتى يقبل أحدٌ أحدها.
    [many] لديك { $max } تحدّيًا مفتوحًا بالفعل: اسحب أحدها أو انتظر حتى يقبل أحدٌ أحدها.
   *[other] لديك { $max } تحدٍّ مفتوح بالفعل: اسحب أحدها أو انتظر حتى يقبل أحدٌ أحدها.
  }

## Looking back at a game
review-first = الوضع الأول
review-back = نقلة إلى الوراء
review-next = نقلة إلى الأمام
review-last = اللعبة كما هي الآن
review-start = البداية، قبل أولى النقلات الـ{ $total }
review-at = النقلة { $ply } من { $total }: { $side } { $move }
review-status = نظرة إلى الوراء: { $where }. اضغط End (أو انقر اللوح) للعودة إلى اللعبة.
graph-label = التقييم بعد كل نقلة، الفارق المتوقع للجنوب (حتى { $top ->
    [zero] { $top } بذرة
    [one] بذرة واحدة
    [two] بذرتين
    [few] { $top } بذور
    [many] { $top } بذرة
   *[other] { $top } بذرة
  })؛ الأخطاء المعلّمة: { $mistakes }
graph-point = النقلة { $ply }: { $value } للجنوب

## Set phrases between two people
say-title = قل:
chat-mute = أخفِ رسائل اللاعب الآخر
chat-said = { $who }: { $phrase }
phrase-hello = مرحبًا!
phrase-good-luck = بالتوفيق!
phrase-your-turn = دورك.
phrase-well-played = أحسنت اللعب!
phrase-good-game = لعبة جميلة!
phrase-thanks = شكرًا!
error-unknown-phrase = هذه ليست من العبارات التي يمكن إرسالها.
error-too-many-phrases = أرسلتَ { $max ->
    [zero] { $max } عبارة
    [one] عبارة واحدة
    [two] عبارتين
    [few] { $max } عبارات
    [many] { $max } عبارة
   *[other] { $max } عبارة
  } في هذه اللعبة، وهذا أقصى ما يمكن.

## Whether the other player is there
presence-here = حاضر
presence-away = غائب
claim-text = غادر { $side } اللعبة.
btn-claim = اطلب الفوز
claim-text-abort = غادر { $side } اللعبة دون أن يلعب أي نقلة: لا يمكن إلا إلغاؤها، بلا نتيجة.
btn-claim-abort = ألغِ اللعبة
reason-you-left = غادرتَ اللعبة
reason-they-left = غادر خصمك اللعبة
reason-side-left = غادر { $side } اللعبة
error-cannot-claim = لا يمكن طلب الفوز الآن: اللاعب الآخر حاضر، أو قد يعود.

## الحسابات والتصنيفات وجداول الترتيب
nav-login = تسجيل الدخول
nav-leaderboard = التصنيفات
who-named = { $name } ({ $side })
who-you-named = أنت، { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = مصنّفة
lb-rated-note = سجّل الدخول لتلعب ألعابًا مصنّفة.
ng-rated = مصنّفة: يلعب الحاسوب بتصنيف { $rating }
who-computer-rated = الحاسوب، تصنيفه { $rating } ({ $side })
lb-col-player = اللاعب
lb-anonymous = ضيف
acc-title = حسابك
acc-intro = لا حاجة إلى حساب للّعب. بالحساب يكون لك اسم، وألعابك على كل جهاز، وتصنيف في كل لعبة.
acc-login = تسجيل الدخول
acc-name-label = الاسم
acc-password-label = كلمة المرور
acc-login-go = ادخل
acc-signup = إنشاء حساب
acc-name-help = من 2 إلى 24 حرفًا أو رقمًا أو - أو _. يراه الآخرون.
acc-password-help = 8 أحرف على الأقل.
acc-signup-go = أنشئ الحساب
acc-player-page = صفحتك كما يراها الآخرون
acc-export = نزّل كل ألعابك (OGN)
acc-ratings = التصنيفات
acc-ratings-none = لا تصنيف لك بعد: العب لعبة مصنّفة من الردهة أو ضد الحاسوب.
acc-games = ألعابك
acc-games-none = لا ألعاب بعد. تُحفظ هنا الألعاب التي تبدؤها أو تنضمّ إليها وأنت مسجّل الدخول.
acc-logout = تسجيل الخروج
acc-change-password = تغيير كلمة المرور
acc-password-now = كلمة المرور الحالية
acc-password-new = كلمة المرور الجديدة
acc-change-password-go = غيّرها
acc-password-changed = تغيّرت كلمة المرور؛ وسُجّل خروجك من أجهزتك الأخرى.
acc-delete = حذف الحساب
acc-delete-text = يُحذف اسمك وتصنيفاتك وجلسات دخولك؛ وتبقى ألعابك للاعبين الآخرين، بلا اسمك.
acc-delete-go = احذف حسابي
acc-delete-confirm = أتحذف حسابك نهائيًا؟ لا يمكن التراجع عن ذلك.
acc-deleted = حُذف حسابك.
acc-rated = مصنّفة
acc-going-on = جارية
acc-aborted = ملغاة
acc-draw = تعادل
acc-won = فوز
acc-lost = خسارة
acc-col-side = الجهة
acc-col-opponent = الخصم
acc-col-result = النتيجة
acc-col-date = التاريخ
acc-col-pool = اللعبة والوقت
acc-col-rating = التصنيف
acc-col-games = الألعاب
acc-plot-point = { $rating } في { $date }
acc-plot-title = { $pool }: من { $from } إلى { $to }
pool-name = { $game }، { $category }
category-bullet = رصاصي
category-blitz = خاطف
category-rapid = سريع
category-classical = كلاسيكي
category-correspondence = أيام لكل نقلة
category-untimed = بلا ساعة
pl-ratings-none = لا لعبة مصنّفة بعد.
pl-games = الألعاب
pl-games-none = لا لعبة بعد.
ld-title = التصنيفات
ld-intro = تصنيفات Glicko-2 في كل لعبة وفئة وقت؛ والتصنيف الذي تليه علامة ? مؤقت (الألعاب ما زالت قليلة).
ld-pool = اللعبة والوقت
ld-none = لم تُلعب أي لعبة مصنّفة بعد.
ld-col-rank = المرتبة
ld-col-name = الاسم
error-csrf-token-wrong = بيانات الدخول في هذه الصفحة قديمة؛ أعد تحميل الصفحة.
error-bad-name = لا يصلح «{ $name }» اسمًا: استعمل من 2 إلى 24 حرفًا أو رقمًا أو - أو _.
error-name-look-alike = قد يُحسب الاسم «{ $name }» اسمًا آخر: استعمل حروف أبجدية واحدة بشكلها المعتاد.
error-name-taken = الاسم «{ $name }» مأخوذ؛ اختر اسمًا آخر.
error-name-reserved = الاسم «{ $name }» محجوز لكلمات اللعبة نفسها؛ اختر اسمًا آخر.
error-bad-password = طول كلمة المرور من { $min } إلى { $max } حرفًا.
error-login-failed = الاسم أو كلمة المرور غير صحيح.
error-too-many-attempts = محاولات كثيرة جدًا؛ حاول من جديد بعد { $seconds ->
    [zero] { $seconds } ثانية
    [one] ثانية واحدة
    [two] ثانيتين
    [few] { $seconds } ثوانٍ
    [many] { $seconds } ثانية
   *[other] { $seconds } ثانية
  }.
error-login-required = سجّل الدخول أولًا.
error-no-player = لا يوجد لاعب «{ $name }».
error-bad-pool = ليست هذه فئة لعبة ووقت.
error-cannot-rate = لا يمكن أن تكون هذه اللعبة مصنّفة: { $reason ->
    [login] يجب أن يكون اللاعبان كلاهما مسجّلَي الدخول.
    [same-account] لا يمكنك أن تلعب ضد نفسك لعبة مصنّفة.
    [level] ليس لهذا المستوى تصنيف مقيس بعد.
    [position] تبدأ اللعبة المصنّفة من البداية المعتادة للعبة.
   *[opponent] الألعاب المصنّفة هي التي تُلعب ضد الحاسوب أو تُنشأ في الردهة.
}
error-rated-no-takeback = لا تراجع عن النقلات في لعبة مصنّفة ضد الحاسوب.
