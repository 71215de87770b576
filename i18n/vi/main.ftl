# Chữ tiếng Việt của Cờ Cá Ngựa. Giữ các khóa khớp với i18n/en/main.ftl.

## Màu và hình
colour-red = Đỏ
colour-green = Xanh lá
colour-yellow = Vàng
colour-blue = Xanh dương
shape-red = hình tròn
shape-green = hình tam giác
shape-yellow = hình vuông
shape-blue = hình thoi

## Luật chơi, sinh ra từ bộ luật (cửa sổ luật, thiết lập, dòng lệnh)
rules-same-as-standard = Đây là luật chuẩn.
rules-differences-heading = Khác với luật chuẩn:
rules-all-heading = Toàn bộ luật đang dùng:
rules-dice-one = Một viên xúc xắc: mỗi lần gieo đi một con ngựa đúng bằng số chấm.
rules-dice-two = Hai viên xúc xắc: mỗi lần gieo đi một con ngựa bằng tổng hai viên; gieo ra đôi thì được chọn đi bằng số của một viên (đôi 3 đi 3 hoặc 6).
rules-exit-six = Gieo được 6 thì một con ngựa ra chuồng, đứng vào ô xuất phát.
rules-exit-one-or-six = Gieo được 1 hoặc 6 thì một con ngựa ra chuồng, đứng vào ô xuất phát.
rules-exit-two-dice = Gieo ra đôi hoặc 1–6 thì một con ngựa ra chuồng, đứng vào ô xuất phát; ra quân dùng trọn lần gieo.
rules-bonus-six = Gieo được 6 thì được gieo thêm, kể cả khi không con nào đi được.
rules-bonus-double = Gieo ra đôi hoặc 1–6 thì được gieo thêm, kể cả khi không con nào đi được.
rules-forfeit-on = Gieo 6 lần thứ ba liên tiếp thì mất lượt ngay; các nước đã đi bằng hai lần 6 trước vẫn giữ.
rules-forfeit-on-two-dice = Gieo ra đôi (hoặc 1–6) lần thứ ba liên tiếp thì mất lượt ngay; các nước đã đi trước đó vẫn giữ.
rules-forfeit-off = Gieo thêm không giới hạn: cứ ra 6 hay ra đôi là được gieo tiếp.
rules-bonus-kick-on = Đá được ngựa thì được gieo thêm.
rules-bonus-finish-on = Đưa một con ngựa về đích thì được gieo thêm.
rules-move = Còn con nào đi được thì phải đi một con; không con nào đi được thì mất lần gieo đó. Ngựa cùng màu được đứng chung ô.
rules-kick = Ngựa dừng đúng ô có ngựa khác màu thì đá tất cả chúng về chuồng. Đi ngang qua không tính, và dãy ô đích là của riêng từng màu.
rules-safe-starts-and-stars = Bốn ô xuất phát và bốn ô ngôi sao là ô an toàn: không ai bị đá ở đó, và các màu được đứng chung.
rules-safe-starts-only = Chỉ bốn ô xuất phát là ô an toàn; ô ngôi sao như ô thường.
rules-safe-none = Trên đường đua không có ô an toàn; ngựa ra chuồng sẽ đá ngựa đang đứng ở ô xuất phát của mình.
rules-pairs-ordinary = Hai con cùng màu đứng chung một ô thì bị đá cùng lúc.
rules-pairs-safe-pair = Hai con cùng màu trở lên đứng chung một ô thì ô đó an toàn khi chúng còn đứng đó; ngựa khác vẫn được đứng chung.
rules-pairs-block = Hai con cùng màu trở lên đứng chung một ô thì chắn ô đó: ngựa màu khác không được dừng ở đó, cũng không được đi qua.
rules-no-passing-on = Không được vượt: ngựa không được đi qua bất kỳ con ngựa nào trên đường, và không được dừng trên ô có ngựa cùng màu.
rules-forced-none = Người chơi tự chọn nước đi trong các nước hợp lệ.
rules-forced-kick-on = Buộc đá: có nước đá được ngựa thì phải đi một nước đá.
rules-forced-exit-on = Buộc ra quân: ra chuồng được (sau luật buộc đá) thì phải ra quân.
rules-home-exact = Đi hết một vòng, ngựa rẽ vào dãy ô đích của màu mình (ô 1 đến 6) và phải gieo vừa đúng số bước mới vào được đích ở tâm bàn; gieo dư thì con đó đứng yên.
rules-home-climb = Lên chuồng: ngựa phải dừng đúng ở cửa chuồng, rồi gieo n thì vào ô n của dãy đích, sau đó leo từng ô một và phải gieo đúng số của ô kế tiếp. Màu nào có ngựa ở các ô 6, 5, 4 và 3 là thắng.
rules-home-climb-two-dice = Lên chuồng: ngựa phải dừng đúng ở cửa chuồng, rồi đi n bước thì vào ô n của dãy đích, sau đó leo từng ô một khi gieo đúng số của ô kế tiếp hoặc gieo ra đôi bất kỳ. Màu nào có ngựa ở các ô 6, 5, 4 và 3 là thắng.
rules-end-horses-home = Màu đầu tiên đưa đủ bốn ngựa về đích là thắng và ván dừng; các màu còn lại xếp hạng theo số ngựa đã về đích (bằng nhau thì đồng hạng).
rules-end-distance = Màu đầu tiên đưa đủ bốn ngựa về đích là thắng và ván dừng; các màu còn lại xếp hạng theo quãng đường ngựa đã đi.
rules-end-play-on = Có người về nhất rồi ván vẫn tiếp tục cho đến khi phân xong mọi hạng.
rules-direction-clockwise = Ngựa đi theo chiều kim đồng hồ.
rules-direction-counter-clockwise = Ngựa đi ngược chiều kim đồng hồ.
rules-scoring-on = Có ghi điểm; điểm chuyển từ người này sang người khác.
rules-scoring-kick = Đá một con ngựa được chủ của nó trả 1 điểm, đá bằng đôi được 2 điểm.
rules-scoring-chain = Đá liên tiếp trong cùng một lượt: lần gieo thứ hai đá được ngựa tính gấp đôi, lần thứ ba gấp ba, cứ thế.
rules-scoring-sap-ham = Sập hầm: ngựa vào dãy đích ở ô 1 phải trả mỗi người khác 1 điểm (2 điểm nếu vào bằng đôi).
rules-scoring-top-climb = Từ cửa chuồng lên thẳng ô 6 được mỗi người khác trả 2 điểm (3 điểm nếu bằng đôi); leo từ ô 5 lên ô 6 được 1 điểm.
rules-scoring-thau-ma = Thầu mạ: con ngựa đầu tiên của ván đi thẳng từ cửa chuồng lên ô 6 được mỗi người khác trả 4 điểm thay vào đó (6 điểm nếu bằng đôi).
rules-scoring-top-exact = Ngựa vào đích được mỗi người khác trả 2 điểm (3 điểm nếu bằng đôi) khi đi thẳng từ đường đua vào, 1 điểm khi đã ở trong dãy đích.
rules-scoring-settlement = Khi có người về nhất, mỗi người còn lại trả người đó 1 điểm cho mỗi con ngựa chưa về đích; nếu có người chưa có con nào về đích (cón), mọi khoản trả nhân với số người cón cộng một.
rules-cap = Ván dừng sau { $rolls } lần gieo (giới hạn an toàn cho máy tự chơi).
